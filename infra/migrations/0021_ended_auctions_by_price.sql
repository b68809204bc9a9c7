-- The Ended view ordered by price pages through the price each card shows (what it sold for, else its highest bid,
-- else its starting bid) with a keyset cursor; this index serves that order without sorting every ended auction.
create index auctions_ended_price on auctions
  ((coalesce(winning_amount, case when bid_count = 0 then starting_bid else current_bid end)), id)
  where closed_at is not null;
