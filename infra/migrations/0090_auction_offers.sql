-- Best offers (the high bidder of a reserve-not-met auction, answered by the seller) and second-chance offers (the
-- seller to another bidder, after no sale or an unpaid one). Every answer and every expiry is a conditional update on
-- the row's status, so an accept racing the expiry job has exactly one outcome.
create table auction_offers (
  id integer generated always as identity primary key,
  auction_id integer not null references auctions (id) on delete cascade,
  kind text not null check (kind in ('best', 'second-chance')),
  buyer_id integer not null references users (id),
  seller_id integer not null references users (id),
  amount numeric(10, 2) not null check (amount > 0),
  -- The seller's one counter to a best offer; the buyer then accepts or declines it.
  counter_amount numeric(10, 2) check (counter_amount > 0),
  status text not null default 'open'
    check (status in ('open', 'countered', 'accepted', 'declined', 'expired', 'withdrawn')),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  answered_at timestamptz,
  transaction_id integer references escrow_transactions (id)
);
-- The high bidder sends one best offer per auction; the seller one second-chance offer per bidder.
create unique index auction_offers_one_best on auction_offers (auction_id) where kind = 'best';
create unique index auction_offers_one_second_chance on auction_offers (auction_id, buyer_id) where kind = 'second-chance';
create index auction_offers_auction on auction_offers (auction_id);
create index auction_offers_buyer on auction_offers (buyer_id);
create index auction_offers_due on auction_offers (expires_at) where status in ('open', 'countered');

-- A second-chance offer after an unpaid sale opens a second escrow for the same auction: one escrow per auction that
-- is not cancelled, instead of one per auction.
alter table escrow_transactions drop constraint escrow_transactions_auction_id_key;
create unique index escrow_transactions_one_live on escrow_transactions (auction_id) where status <> 'cancelled';
create index escrow_transactions_auction on escrow_transactions (auction_id);

-- Offers and a lowered reserve are told through the notices, each its own kind so its mail can be turned off.
alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check
  check (kind in ('outbid', 'won', 'sold', 'reserve-not-met', 'unsold', 'watch-ending', 'watch-ended', 'alert', 'escrow',
                  'saved-search', 'offer', 'reserve-lowered'));
