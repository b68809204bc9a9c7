-- Mail windows: outbid and alert notices are mailed at most once per member, auction and window, and watched cars'
-- "ending soon" once per member and short window (shared/src/domain/mail-windows.ts). Each such notice is listed and
-- pushed at once and marked 'windowed'; the one open window of its key counts it, and the window's job mails the
-- window's notices when it is due. The notice writer upserts the open window in the notice's own transaction (on
-- conflict do update locks it); the mailer first closes the window in a short transaction of its own that locks it and
-- stamps the key's 'windowed' notices with the window's id: a notice either committed before that (and is stamped) or
-- waits for it and opens the next window. Then it mails the stamped notices (core/src/notices/mail-window.ts).

alter table notifications drop constraint notifications_mail_status_check;
alter table notifications add constraint notifications_mail_status_check
  check (mail_status in ('pending', 'sent', 'skip', 'windowed'));
create index notifications_windowed on notifications (user_id, kind, auction_id) where mail_status = 'windowed';

create table mail_windows (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  kind text not null,
  -- 'auction:{id}' (one mail per auction) or 'all' (one mail for every auction of the kind).
  scope text not null check (length(scope) <= 40),
  auction_id integer references auctions (id) on delete cascade,
  opened_at timestamptz not null default now(),
  due_at timestamptz not null,
  -- How many notices joined the window (the mail counts the notices themselves).
  notices integer not null default 0,
  -- 'sending' once closed (its notices stamped) until its mail is sent; 'sent'; 'skip' when the member turned the kind
  -- off meanwhile; 'empty' when nothing was left to mail.
  status text not null default 'open' check (status in ('open', 'sending', 'sent', 'skip', 'empty')),
  closed_at timestamptz
);
-- The window whose mail a notice went out in (stamped when the window closes).
alter table notifications add column mail_window_id integer references mail_windows (id) on delete set null;
create index notifications_mail_window on notifications (mail_window_id) where mail_window_id is not null;
create unique index mail_windows_open on mail_windows (user_id, kind, scope) where status = 'open';
create index mail_windows_due on mail_windows (due_at) where status in ('open', 'sending');
create index mail_windows_closed on mail_windows (closed_at) where status in ('sent', 'skip', 'empty');
