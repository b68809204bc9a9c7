-- Verified bidders: a member's card (saved through the payment provider's setup intent, verified by its signed
-- webhook), an admin's exemption (dealer accounts), and the holds for the buyer's premium placed on each auction a
-- member bids on. A hold row is one provider authorization: a new one after a release is a new row.
alter table users add column bid_exempt boolean not null default false;

create table payment_cards (
  user_id integer primary key references users (id) on delete cascade,
  setup_intent_id text not null unique,
  status text not null default 'pending' check (status in ('pending', 'verified', 'failed')),
  payment_method_id text,
  brand text,
  last4 text check (last4 ~ '^\d{4}$'),
  failure_reason text,
  created_at timestamptz not null default now(),
  verified_at timestamptz
);

create table bid_holds (
  id serial primary key,
  hold_id text not null unique,
  auction_id integer not null references auctions (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  amount numeric(10, 2) not null check (amount > 0),
  status text not null default 'placed' check (status in ('placed', 'released', 'captured')),
  captured_amount numeric(10, 2),
  transaction_id integer references escrow_transactions (id) on delete set null,
  placed_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One live authorization per member and auction: it is raised, never doubled.
create unique index bid_holds_live on bid_holds (auction_id, user_id) where status = 'placed';
create index bid_holds_user on bid_holds (user_id, placed_at desc);

-- Every transition of a hold, once: the provider's answer and its webhook (replayed, or arriving before an older one)
-- meet here, and whichever comes first records it.
create table bid_hold_transitions (
  hold_id text not null references bid_holds (hold_id) on delete cascade,
  kind text not null check (kind in ('placed', 'raised', 'released', 'captured')),
  amount numeric(10, 2) not null,
  recorded_at timestamptz not null default now(),
  primary key (hold_id, kind, amount)
);

-- Serializes one member's holds on one auction across API processes without a row lock held over a provider call: a
-- claim is a short lease, taken before the call and given back after the bid is decided.
create table bid_hold_claims (
  auction_id integer not null references auctions (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  token text not null,
  claimed_until timestamptz not null,
  primary key (auction_id, user_id)
);
