-- Each party's list of what happened on their escrow, kept beside the escrow.updated events (the outbox is pruned).
create table escrow_notices (
  id bigint generated always as identity primary key,
  transaction_id integer not null references escrow_transactions (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  actor text not null,
  status text not null,
  text text not null,
  created_at timestamptz not null default now()
);
create index escrow_notices_user_tx on escrow_notices (user_id, transaction_id, id desc);
