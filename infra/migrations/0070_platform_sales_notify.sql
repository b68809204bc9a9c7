-- Valuations use the platform's closed sales as comparables, and each API process keeps them in memory per make.
-- This tells every listening process, when the change commits, that the set of sales changed: an auction became a
-- sale, stopped being one, or a sale's price, date or sample flag changed. Writes that touch none of these columns
-- (every bid) do not run it.
create function notify_platform_sales() returns trigger language plpgsql as $$
begin
  if (tg_op <> 'DELETE' and new.status in ('sold', 'bought-now')) or (tg_op <> 'INSERT' and old.status in ('sold', 'bought-now')) then
    perform pg_notify('platform_sales', '');
  end if;
  return null;
end $$;

create trigger auctions_platform_sales_changed
  after insert or delete or update of status, winning_amount, closed_at, is_sample on auctions
  for each row execute function notify_platform_sales();
