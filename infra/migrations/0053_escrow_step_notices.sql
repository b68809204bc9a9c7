-- Escrow steps join the notifications list (the bell) as their own kind, so a party can turn their mail off.
alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check
  check (kind in ('outbid', 'won', 'sold', 'reserve-not-met', 'unsold', 'watch-ending', 'watch-ended', 'alert', 'escrow'));
