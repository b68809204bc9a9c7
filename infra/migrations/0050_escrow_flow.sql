-- The escrow flow's records: document files, the carrier, the provider's webhook events (each applied once), and the
-- payment schedule of escrows opened before schedules were written at the sale.
alter table transaction_documents
  add column file_name text unique,
  add column content_type text check (content_type in ('application/pdf', 'image/png', 'image/jpeg')),
  add column bytes integer check (bytes > 0),
  add column uploaded_at timestamptz;

alter table escrow_transactions add column shipping_carrier text;

-- A provider retries a webhook until it hears 200; the event id makes a retry (or two deliveries racing) change nothing.
create table payment_webhook_events (
  event_id text primary key,
  event_type text not null,
  transaction_id integer references escrow_transactions (id) on delete cascade,
  payload jsonb not null,
  received_at timestamptz not null default now()
);

create index payment_schedules_tx on payment_schedules (transaction_id);
create index dispute_resolutions_tx on dispute_resolutions (transaction_id);

insert into payment_schedules (transaction_id, payment_type, amount, due_date, status, paid_at)
select t.id, 'full', (t.fees ->> 'buyerTotal')::numeric(10, 2), coalesce(t.payment_due_at, t.created_at + interval '48 hours'),
       case when t.funded_at is not null then 'paid' when t.status = 'cancelled' then 'cancelled' else 'pending' end, t.funded_at
from escrow_transactions t
where t.fees ? 'buyerTotal' and not exists (select 1 from payment_schedules s where s.transaction_id = t.id);
