-- Kept files in Postgres (FILE_STORAGE=postgres, the default): seller photos with their sizes and escrow documents,
-- readable by every API host. Keys are random names under a folder-like prefix ('photos/', 'escrow-documents/').
create table stored_files (
  key text primary key check (char_length(key) between 1 and 200),
  content_type text not null,
  bytes integer not null check (bytes >= 0),
  data bytea not null,
  created_at timestamptz not null default now()
);
-- Photos and PDFs are compressed already: kept out of line without a second compression attempt.
alter table stored_files alter column data set storage external;
