-- Getting back into an account. A reset or e-mail change link carries a random token; only its SHA-256 is kept here,
-- so a copy of the table opens nothing. Every reset request gets a row (user_id null when the address has no
-- account), so asking about an unknown address does the same work as asking about a real one.
create table password_resets (
  id integer generated always as identity primary key,
  user_id integer references users (id) on delete cascade,
  email text not null check (char_length(email) <= 254),
  token_hash text not null unique check (char_length(token_hash) = 64),
  mail_status text not null default 'pending' check (mail_status in ('pending', 'sent', 'skip')),
  mailed_at timestamptz,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index password_resets_user on password_resets (user_id) where used_at is null;
-- The count of reset mail an address received this hour, and the housekeeping of old rows.
create index password_resets_mailed on password_resets (email, mailed_at) where mail_status = 'sent';
create index password_resets_created on password_resets (created_at);

-- An e-mail change waits here until the link mailed to the new address is opened; the old address gets a notice.
create table email_changes (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  old_email text not null,
  new_email text not null check (char_length(new_email) <= 254 and new_email = lower(new_email)),
  token_hash text not null unique check (char_length(token_hash) = 64),
  link_status text not null default 'pending' check (link_status in ('pending', 'sent', 'skip')),
  notice_status text not null default 'pending' check (notice_status in ('pending', 'sent', 'skip')),
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index email_changes_user on email_changes (user_id, created_at);

-- The second factor (TOTP). The secret must be readable to check a code, so it is kept as is (like the signing key);
-- a pending secret waits for its first code before it counts. last_step: the newest time step a code was accepted for.
alter table users
  add column totp_secret text,
  add column totp_pending_secret text,
  add column totp_last_step bigint,
  add column totp_enabled_at timestamptz;

create table recovery_codes (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  code_hash text not null check (char_length(code_hash) = 64),
  used_at timestamptz,
  unique (user_id, code_hash)
);

-- Wrong second-factor codes, counted per account over a window (the throttle), kept a day.
create table second_factor_failures (
  user_id integer not null references users (id) on delete cascade,
  at timestamptz not null default now()
);
create index second_factor_failures_user on second_factor_failures (user_id, at);

-- Between a right password and the code: a short-lived challenge (its token's SHA-256) that only the code turns into
-- a session.
create table sign_in_challenges (
  id text primary key check (char_length(id) = 64),
  user_id integer not null references users (id) on delete cascade,
  remember_me boolean not null default false,
  expires_at timestamptz not null
);

-- A sign-up link makes the account only for whoever also knows the password chosen at sign-up: wrong tries are
-- counted, and after a few the link is dead.
alter table sign_up_attempts add column password_failures integer not null default 0;
