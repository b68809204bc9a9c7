-- Proxy bidding. A bidder's private maximum per auction (read only by its owner and by the bid engine under the
-- auction's row lock), and a flag on every bid a maximum placed automatically.

alter table bids add column proxy boolean not null default false;

create table max_bids (
  auction_id integer not null references auctions (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  max_amount numeric(10, 2) not null check (max_amount > 0),
  updated_at timestamptz not null default now(),
  primary key (auction_id, user_id)
);
-- The dashboard lists a user's maximums.
create index max_bids_user on max_bids (user_id);
