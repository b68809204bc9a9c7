-- The rest of the spec's entities: forum, follows, analytics, trade-ins, escrow and what hangs off it.

create table forum_posts (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  category text not null check (category in ('general', 'technical', 'marketplace', 'reviews')),
  title text not null check (char_length(title) between 1 and 200),
  content text not null check (char_length(content) between 1 and 20000),
  tags text[] not null default '{}',
  likes integer not null default 0 check (likes >= 0),
  replies integer not null default 0 check (replies >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index forum_posts_category_created on forum_posts (category, created_at desc);

create table forum_replies (
  id integer generated always as identity primary key,
  post_id integer not null references forum_posts (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  content text not null check (char_length(content) between 1 and 10000),
  likes integer not null default 0 check (likes >= 0),
  created_at timestamptz not null default now()
);
create index forum_replies_post on forum_replies (post_id, created_at desc);

create table user_follows (
  id integer generated always as identity primary key,
  follower_id integer not null references users (id) on delete cascade,
  following_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  unique (follower_id, following_id),
  check (follower_id <> following_id)
);

create table auction_analytics (
  id integer generated always as identity primary key,
  auction_id integer not null unique references auctions (id) on delete cascade,
  views integer not null default 0 check (views >= 0),
  unique_views integer not null default 0 check (unique_views >= 0),
  watchlist_adds integer not null default 0 check (watchlist_adds >= 0),
  bidders integer not null default 0 check (bidders >= 0),
  max_bid numeric(10, 2) check (max_bid >= 0),
  avg_bid numeric(10, 2) check (avg_bid >= 0),
  time_on_page integer not null default 0 check (time_on_page >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table trade_in_evaluations (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  vin text not null check (char_length(vin) = 17),
  year integer,
  make text,
  model text,
  trim text,
  mileage integer not null check (mileage >= 0),
  condition text not null check (condition in ('excellent', 'good', 'fair', 'poor')),
  exterior_color text,
  interior_color text,
  photos text[] not null default '{}',
  has_lien boolean not null default false,
  title_photos text[] not null default '{}',
  lienholder_name text,
  payoff_amount numeric(10, 2) check (payoff_amount >= 0),
  payoff_per_diem numeric(5, 2) check (payoff_per_diem >= 0),
  payoff_valid_date date,
  lienholder_contact text,
  lienholder_address text,
  estimated_value numeric(10, 2) check (estimated_value >= 0),
  market_analysis jsonb,
  offer_amount numeric(10, 2) check (offer_amount >= 0),
  offer_expires_at timestamptz,
  status text not null default 'pending' check (status in ('pending', 'evaluated', 'offered', 'accepted', 'declined', 'expired')),
  applied_to_auction_id integer references auctions (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (not has_lien or (lienholder_name is not null and payoff_amount is not null))
);

create table trade_in_offers (
  id integer generated always as identity primary key,
  evaluation_id integer not null references trade_in_evaluations (id) on delete cascade,
  offer_amount numeric(10, 2) not null check (offer_amount >= 0),
  valid_until timestamptz not null,
  terms text,
  status text not null default 'active' check (status in ('active', 'accepted', 'declined', 'expired')),
  accepted_at timestamptz,
  created_at timestamptz not null default now()
);

create table escrow_transactions (
  id integer generated always as identity primary key,
  -- One escrow per auction: a sale can only be settled once.
  auction_id integer not null unique references auctions (id) on delete cascade,
  buyer_id integer not null references users (id),
  seller_id integer references users (id),
  amount numeric(10, 2) not null check (amount >= 0),
  status text not null default 'pending'
    check (status in ('pending', 'funded', 'in_inspection', 'completed', 'disputed', 'cancelled', 'refunded')),
  payment_intent_id text,
  escrow_account_id text,
  payment_due_at timestamptz,
  funded_at timestamptz,
  inspection_period_ends timestamptz,
  completed_at timestamptz,
  disputed_at timestamptz,
  cancelled_at timestamptz,
  refunded_at timestamptz,
  buyer_terms_accepted boolean not null default false,
  seller_terms_accepted boolean not null default false,
  inspection_location text,
  pickup_location text,
  shipping_method text,
  shipping_tracking_number text,
  fees jsonb not null default '{}',
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index escrow_transactions_buyer on escrow_transactions (buyer_id);
create index escrow_transactions_seller on escrow_transactions (seller_id);
create index escrow_transactions_due on escrow_transactions (status, payment_due_at);

create table transaction_documents (
  id integer generated always as identity primary key,
  transaction_id integer not null references escrow_transactions (id) on delete cascade,
  document_type text not null check (document_type in ('title', 'bill_of_sale', 'inspection_report', 'other')),
  document_url text,
  uploaded_by integer references users (id),
  verification_status text not null default 'pending' check (verification_status in ('pending', 'verified', 'rejected')),
  verified_by integer references admin_users (id),
  verified_at timestamptz,
  rejection_reason text,
  expires_at timestamptz,
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index transaction_documents_tx on transaction_documents (transaction_id);

create table transaction_milestones (
  id integer generated always as identity primary key,
  transaction_id integer not null references escrow_transactions (id) on delete cascade,
  milestone text not null
    check (milestone in ('escrow_created', 'payment_received', 'documents_verified', 'inspection_completed', 'funds_released')),
  status text not null default 'pending' check (status in ('pending', 'completed', 'skipped')),
  completed_by integer references users (id),
  completed_at timestamptz,
  notes text,
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now(),
  unique (transaction_id, milestone)
);

create table dispute_resolutions (
  id integer generated always as identity primary key,
  transaction_id integer not null references escrow_transactions (id) on delete cascade,
  initiated_by integer not null references users (id),
  dispute_type text not null,
  description text not null,
  evidence jsonb not null default '[]',
  status text not null default 'open' check (status in ('open', 'in_review', 'resolved', 'closed')),
  assigned_mediator integer references admin_users (id),
  resolution text,
  resolution_amount numeric(10, 2) check (resolution_amount >= 0),
  resolved_at timestamptz,
  buyer_agreement boolean,
  seller_agreement boolean,
  mediator_decision text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table payment_schedules (
  id integer generated always as identity primary key,
  transaction_id integer not null references escrow_transactions (id) on delete cascade,
  payment_type text not null check (payment_type in ('deposit', 'balance', 'full', 'fee', 'refund')),
  amount numeric(10, 2) not null check (amount >= 0),
  due_date timestamptz not null,
  paid_at timestamptz,
  payment_id text,
  status text not null default 'pending' check (status in ('pending', 'paid', 'failed', 'cancelled')),
  failure_reason text,
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now()
);

create table transaction_insurance (
  id integer generated always as identity primary key,
  transaction_id integer not null references escrow_transactions (id) on delete cascade,
  insurance_provider text not null,
  policy_number text not null,
  coverage_amount numeric(10, 2) not null check (coverage_amount >= 0),
  coverage_type text not null,
  premium numeric(10, 2) not null check (premium >= 0),
  effective_date timestamptz not null,
  expiration_date timestamptz not null,
  policy_document text,
  claims_made jsonb not null default '[]',
  status text not null default 'active' check (status in ('active', 'expired', 'cancelled', 'claimed')),
  created_at timestamptz not null default now(),
  check (expiration_date > effective_date)
);
