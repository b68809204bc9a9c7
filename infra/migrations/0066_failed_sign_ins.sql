-- Failed sign-ins kept for the admin security tab (the throttle's Redis counters are hashed and expire): which account
-- and which address, when. Kept 90 days by the query that reads them; rows are small.
create table failed_sign_ins (
  id bigint generated always as identity primary key,
  scope text not null check (scope in ('user', 'admin')),
  email text not null check (char_length(email) <= 320),
  ip text not null,
  at timestamptz not null default now()
);
create index failed_sign_ins_at on failed_sign_ins (at);
