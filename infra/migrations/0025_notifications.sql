-- Notices people expect (outbid, won, sold, reserve not met, unsold, watched auctions ending and ended), kept per user
-- and mailed to people who are not on the site. A notice is derived from a committed event by the workers' events
-- consumer, which may see an event more than once: the unique key (user, kind, subject) makes every replay a no-op.

create table notifications (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  kind text not null check (kind in ('outbid', 'won', 'sold', 'reserve-not-met', 'unsold', 'watch-ending', 'watch-ended', 'alert')),
  -- What the notice is about, unique per user and kind: the outbidding bid, the closed auction, the fired alert.
  subject text not null,
  auction_id integer references auctions (id) on delete cascade,
  text text not null,
  link text not null,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  -- Mail: 'skip' when the user turned this kind off (or it is an alert whose mail is off), else pending until sent.
  mail_status text not null default 'pending' check (mail_status in ('pending', 'sent', 'skip')),
  mailed_at timestamptz,
  unique (user_id, kind, subject)
);
create index notifications_user_recent on notifications (user_id, id desc);
create index notifications_unread on notifications (user_id) where read_at is null;
create index notifications_mail_pending on notifications (id) where mail_status = 'pending';

-- The auctions a user watches ("Watch" on a listing or card).
create table watchlist (
  user_id integer not null references users (id) on delete cascade,
  auction_id integer not null references auctions (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, auction_id)
);
create index watchlist_auction on watchlist (auction_id);

-- Email is on for every kind unless the user turned it off (in settings, or with a mail's unsubscribe link).
create table email_opt_outs (
  user_id integer not null references users (id) on delete cascade,
  kind text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, kind)
);

-- Secrets the processes share without configuration (the key unsubscribe links are signed with), made on first use.
create table app_secrets (
  name text primary key,
  value text not null
);

-- The development mail catcher's inbox: what the embedded SMTP server received, readable by admins at /admin/mail.
create table caught_mails (
  id integer generated always as identity primary key,
  message_id text,
  mail_from text not null,
  mail_to text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  headers jsonb not null default '{}',
  received_at timestamptz not null default now()
);
