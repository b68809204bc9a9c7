-- Admins must have the second factor: the same TOTP columns as members, and the challenges, wrong-code counts and
-- recovery codes of 0105 now name either a member or an admin.
alter table admin_users
  add column totp_secret text,
  add column totp_pending_secret text,
  add column totp_last_step bigint,
  add column totp_enabled_at timestamptz;

alter table sign_in_challenges
  alter column user_id drop not null,
  add column admin_id integer references admin_users (id) on delete cascade,
  add constraint sign_in_challenges_one_principal check ((user_id is null) <> (admin_id is null));

alter table second_factor_failures
  alter column user_id drop not null,
  add column admin_id integer references admin_users (id) on delete cascade,
  add constraint second_factor_failures_one_principal check ((user_id is null) <> (admin_id is null));
create index second_factor_failures_admin on second_factor_failures (admin_id, at) where admin_id is not null;

alter table recovery_codes
  alter column user_id drop not null,
  add column admin_id integer references admin_users (id) on delete cascade,
  add constraint recovery_codes_one_principal check ((user_id is null) <> (admin_id is null));
create unique index recovery_codes_admin on recovery_codes (admin_id, code_hash) where admin_id is not null;
