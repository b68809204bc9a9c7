-- Every event belongs to a stream with its own sequence (auction:{id} for bid state, auction:{id}:chat for chat and
-- comments, user:{id}, admins), so chat no longer bumps the auction row that bids lock. The outbox row names its stream.

create table event_streams (
  stream text primary key,
  seq bigint not null check (seq >= 0)
);

alter table outbox add column stream text;
update outbox set stream = 'auction:' || auction_id where auction_id is not null;
with numbered as (
  select id, row_number() over (partition by user_id order by id) as n
  from outbox where auction_id is null and user_id is not null
)
update outbox o set stream = 'user:' || o.user_id, seq = numbered.n from numbered where o.id = numbered.id;
delete from outbox where stream is null;
update outbox set payload = payload || jsonb_build_object('stream', stream, 'seq', seq);

insert into event_streams (stream, seq) select stream, max(seq) from outbox group by stream;
insert into event_streams (stream, seq)
  select 'auction:' || id, seq from auctions where seq > 0
  on conflict (stream) do update set seq = greatest(event_streams.seq, excluded.seq);

drop index outbox_auction_seq;
alter table outbox
  drop column auction_id,
  drop column user_id,
  alter column stream set not null,
  alter column seq set not null;
create unique index outbox_stream_seq on outbox (stream, seq);

alter table auctions drop column seq;

-- Bids are whole dollars and a starting bid is at least $1 (shared/src/domain/bidding.ts); the database agrees.
update auctions set starting_bid = 1 where starting_bid < 1;
alter table auctions add constraint auctions_starting_bid_min check (starting_bid >= 1);
alter table bids add constraint bids_whole_dollars check (amount = trunc(amount)) not valid;

-- One fee schedule (shared/src/domain/fees.ts): escrows opened before it get the same breakdown, from their amount.
update escrow_transactions set fees = jsonb_build_object(
  'buyerFee', round(amount * 0.025, 2)::text,
  'sellerFee', round(amount * 0.015, 2)::text,
  'paymentProcessingFee', round(amount * 0.05, 2)::text,
  'sellersCommission', round(amount * 0.03, 2)::text,
  'buyerTotal', (amount + round(amount * 0.05, 2) + round(amount * 0.025, 2))::text,
  'sellerProceeds', (amount - round(amount * 0.03, 2) - round(amount * 0.015, 2))::text,
  'schedule', jsonb_build_object('buyersPremiumBps', 500, 'buyerEscrowFeeBps', 250, 'sellersCommissionBps', 300, 'sellerEscrowFeeBps', 150)
);
