-- Accounts, sessions, cars, auctions, bids: the tables every request touches.

create table users (
  id integer generated always as identity primary key,
  email text not null unique check (email = lower(email) and position('@' in email) > 1),
  password_hash text not null,
  name text not null check (char_length(name) between 1 and 100),
  is_premium boolean not null default false,
  created_at timestamptz not null default now()
);

create table admin_users (
  id integer generated always as identity primary key,
  email text not null unique check (email = lower(email)),
  password_hash text not null,
  name text not null,
  role text not null default 'super_admin' check (role in ('super_admin', 'admin', 'moderator')),
  permissions text[] not null default '{}',
  is_active boolean not null default true,
  last_login timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The id is the SHA-256 of the cookie token, so the table alone cannot sign anyone in.
create table sessions (
  id text primary key check (char_length(id) = 64),
  kind text not null check (kind in ('user', 'admin')),
  user_id integer references users (id) on delete cascade,
  admin_id integer references admin_users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  last_seen_at timestamptz not null default now(),
  check ((kind = 'user' and user_id is not null and admin_id is null) or (kind = 'admin' and admin_id is not null and user_id is null))
);
create index sessions_expires_at on sessions (expires_at);

create table cars (
  id integer generated always as identity primary key,
  vin text not null unique check (char_length(vin) = 17 and vin ~ '^[A-HJ-NPR-Z0-9]{17}$'),
  year integer not null check (year between 1886 and 2100),
  make text not null check (char_length(make) between 1 and 60),
  model text not null check (char_length(model) between 1 and 80),
  mileage integer not null check (mileage >= 0),
  condition text not null,
  images text[] not null default '{}',
  description text not null default '',
  owner_id integer references users (id) on delete set null,
  ai_estimated_value text,
  ai_confidence integer check (ai_confidence between 0 and 100),
  ai_days_to_sell text,
  created_at timestamptz not null default now()
);

create table auctions (
  id integer generated always as identity primary key,
  car_id integer not null references cars (id) on delete cascade,
  starting_bid numeric(10, 2) not null check (starting_bid >= 0),
  current_bid numeric(10, 2) not null default 0 check (current_bid >= 0),
  buy_it_now_price numeric(10, 2) check (buy_it_now_price >= 0),
  -- Never sent to browsers: the API only says whether it is met.
  reserve_price numeric(10, 2) check (reserve_price >= 0),
  auction_type text not null default 'standard'
    check (auction_type in ('reserve', 'no-reserve', 'buy-it-now', 'private', 'standard')),
  start_time timestamptz not null,
  end_time timestamptz not null,
  is_active boolean not null default true,
  is_premium_only boolean not null default false,
  location text not null default '',
  status text not null default 'active'
    check (status in ('pending', 'active', 'sold', 'reserve-not-met', 'no-bids', 'bought-now', 'rejected')),
  bid_count integer not null default 0 check (bid_count >= 0),
  -- Bumped by every event about this auction; browsers use it to order events and spot gaps.
  seq bigint not null default 0 check (seq >= 0),
  winner_id integer references users (id) on delete set null,
  winning_amount numeric(10, 2) check (winning_amount >= 0),
  closed_at timestamptz,
  is_sample boolean not null default false,
  created_at timestamptz not null default now(),
  check (end_time > start_time)
);
create index auctions_status_end_time on auctions (status, end_time);
create index auctions_created_at on auctions (created_at);
create index auctions_car_id on auctions (car_id);

create table bids (
  id bigint generated always as identity primary key,
  auction_id integer not null references auctions (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  amount numeric(10, 2) not null check (amount > 0),
  timestamp timestamptz not null default now()
);
create index bids_auction_time on bids (auction_id, timestamp desc, id desc);
create index bids_user_time on bids (user_id, timestamp desc);

create table comments (
  id integer generated always as identity primary key,
  auction_id integer not null references auctions (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  content text not null check (char_length(content) between 1 and 2000),
  timestamp timestamptz not null default now()
);
create index comments_auction_time on comments (auction_id, timestamp);

create table chat_messages (
  id bigint generated always as identity primary key,
  auction_id integer not null references auctions (id) on delete cascade,
  user_id integer references users (id) on delete set null,
  message text not null check (char_length(message) between 1 and 500),
  timestamp timestamptz not null default now(),
  is_system_message boolean not null default false
);
create index chat_messages_auction_id on chat_messages (auction_id, id);

create table bid_alerts (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  auction_id integer not null references auctions (id) on delete cascade,
  alert_type text not null check (alert_type in ('outbid', 'priceTarget', 'timeRemaining', 'endingSoon')),
  is_active boolean not null default true,
  settings jsonb not null default '{}',
  last_triggered timestamptz,
  created_at timestamptz not null default now()
);
create index bid_alerts_active_by_auction on bid_alerts (auction_id) where is_active;
create index bid_alerts_user on bid_alerts (user_id);

-- Every committed event, written in the same transaction as the change it reports.
create table outbox (
  id bigint generated always as identity primary key,
  auction_id integer,
  user_id integer,
  seq bigint,
  type text not null,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  published_at timestamptz
);
create index outbox_unpublished on outbox (id) where published_at is null;
create unique index outbox_auction_seq on outbox (auction_id, seq) where auction_id is not null;

create table idempotency_keys (
  user_id integer not null references users (id) on delete cascade,
  key text not null,
  status_code integer not null,
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
