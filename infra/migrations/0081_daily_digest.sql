-- The daily digest: members who turned it on, the hour they chose and their time zone (IANA, checked by the API);
-- and one row per member and local day it was claimed for, so two workers, a retry or a restart mail it once.
create table digest_settings (
  user_id integer primary key references users (id) on delete cascade,
  hour smallint not null check (hour between 0 and 23),
  time_zone text not null default 'UTC' check (length(time_zone) between 1 and 64),
  updated_at timestamptz not null default now()
);

create table digest_sends (
  user_id integer not null references users (id) on delete cascade,
  -- The member's local date the digest is for.
  day date not null,
  -- 'sent', or 'empty' when nothing of theirs ends in the next 24 hours (no mail that day).
  status text not null check (status in ('sent', 'empty')),
  listings integer not null default 0,
  sent_at timestamptz not null default now(),
  primary key (user_id, day)
);
create index digest_sends_old on digest_sends (day);
