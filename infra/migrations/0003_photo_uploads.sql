-- Photos sellers upload for their cars. The file lives under the API's UPLOAD_DIR as <id>.<ext>; the row says whose it
-- is, so a car may only show its owner's photos, and what its first bytes proved it to be.

create table photo_uploads (
  file_name text primary key check (file_name ~ '^[a-f0-9]{32}\.(png|jpg|webp)$'),
  owner_id integer not null references users (id) on delete cascade,
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
  bytes integer not null check (bytes > 0 and bytes <= 10485760),
  created_at timestamptz not null default now()
);
create index photo_uploads_owner on photo_uploads (owner_id, created_at desc);
