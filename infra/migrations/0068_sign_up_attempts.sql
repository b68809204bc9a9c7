-- Registrations wait here for the address's owner. Every sign-up is answered alike ("check your email"), so the answer
-- never tells whether an address has an account: a new address is mailed a link that creates the account from this
-- row; an address that already has one (existing_user_id) is mailed a note that someone tried, and keeps no password.
create table sign_up_attempts (
  id integer generated always as identity primary key,
  email text not null check (char_length(email) <= 254 and email = lower(email)),
  name text check (char_length(name) <= 100),
  password_hash text,
  existing_user_id integer references users (id) on delete cascade,
  mail_status text not null default 'pending' check (mail_status in ('pending', 'sent', 'skip')),
  mailed_at timestamptz,
  confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  check ((existing_user_id is null) = (name is not null and password_hash is not null))
);
-- The sweep's look for mail whose job was lost, and the count of mail an address received this hour.
create index sign_up_attempts_pending on sign_up_attempts (created_at) where mail_status = 'pending';
create index sign_up_attempts_mailed on sign_up_attempts (email, mailed_at) where mail_status = 'sent';
