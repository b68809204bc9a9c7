-- A dispute's thread: the parties and the mediator write while it is open; both parties read all of it.
create table dispute_messages (
  id bigint generated always as identity primary key,
  dispute_id integer not null references dispute_resolutions (id) on delete cascade,
  author_role text not null check (author_role in ('buyer', 'seller', 'mediator')),
  author_user_id integer references users (id),
  author_admin_id integer references admin_users (id),
  body text not null check (char_length(body) between 1 and 5000),
  created_at timestamptz not null default now(),
  check ((author_role = 'mediator') = (author_admin_id is not null))
);
create index dispute_messages_dispute on dispute_messages (dispute_id, id);
