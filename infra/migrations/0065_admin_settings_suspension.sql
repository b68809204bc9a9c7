-- Admin portal: marketplace settings (stored, with every change audited) and suspended members.

-- One row per setting; a missing row means the setting's default (shared/src/schemas/admin-settings.ts).
create table marketplace_settings (
  key text primary key,
  value jsonb not null,
  updated_by integer references admin_users (id) on delete set null,
  updated_at timestamptz not null default now()
);

-- Who did what, when: settings changes, suspensions and reactivations.
create table admin_audit_log (
  id bigint generated always as identity primary key,
  admin_id integer references admin_users (id) on delete set null,
  action text not null,
  subject text not null,
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index admin_audit_log_recent on admin_audit_log (id desc);

-- A suspended member cannot sign in, bid or chat; the reason is shown to admins.
alter table users add column suspended_at timestamptz;
alter table users add column suspension_reason text check (char_length(suspension_reason) <= 500);
