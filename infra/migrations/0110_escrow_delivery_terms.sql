-- The car's delivery is a milestone of its own (confirmed by the buyer or the carrier's tracking) and starts the
-- inspection; escrows already past it (in inspection or done) count it as done. Each party's acceptance records the
-- version of the terms they were shown. Carrier tracking deliveries are kept by event id, applied once.
alter table transaction_milestones drop constraint if exists transaction_milestones_milestone_check;
alter table transaction_milestones add constraint transaction_milestones_milestone_check
  check (milestone in ('escrow_created', 'payment_received', 'documents_verified', 'delivered', 'inspection_completed', 'funds_released'));

insert into transaction_milestones (transaction_id, milestone, status, completed_at)
select t.id, 'delivered',
       case when t.status in ('in_inspection', 'completed') then 'completed' else 'pending' end,
       case when t.status in ('in_inspection', 'completed') then coalesce(t.inspection_period_ends - interval '7 days', t.updated_at) end
from escrow_transactions t
on conflict (transaction_id, milestone) do nothing;

alter table escrow_transactions
  add column buyer_terms_version text check (char_length(buyer_terms_version) <= 32),
  add column seller_terms_version text check (char_length(seller_terms_version) <= 32),
  add column delivered_at timestamptz;

create table carrier_webhook_events (
  event_id text primary key,
  event_type text not null,
  transaction_id integer references escrow_transactions (id) on delete cascade,
  payload jsonb not null,
  received_at timestamptz not null default now()
);
