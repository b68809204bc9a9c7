-- The leading bid of an auction is read as its highest amount (ties to the latest id) by the bid notices, alerts,
-- closing, holds, offers and the dashboard. With only (auction_id, timestamp, id) to go by, each of those reads sorted
-- every bid of the auction: on a busy auction with thousands of bids, the outbid notices' read took some 6 ms a batch.
-- This index answers them from its first entries. Built here inside the migration's transaction, it holds bids back
-- while it builds: on a large existing table, build it beforehand with `create index concurrently` under this name
-- (docs/operations.md), and this migration then finds it.
create index if not exists bids_auction_amount on bids (auction_id, amount desc, id desc);
