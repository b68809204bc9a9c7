-- Trade-in: one firm offer per evaluation, found by the expiry sweep through its deadline, and the wizard's draft
-- kept per user so a long form survives a reload.
create unique index trade_in_offers_one_per_evaluation on trade_in_offers (evaluation_id);
create index trade_in_offers_due on trade_in_offers (valid_until) where status = 'active';
create index trade_in_evaluations_user on trade_in_evaluations (user_id, created_at desc);

create table trade_in_drafts (
  user_id integer primary key references users (id) on delete cascade,
  draft jsonb not null,
  updated_at timestamptz not null default now()
);
