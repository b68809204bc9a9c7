-- Vehicle history reports, cached per VIN and provider until they expire (a provider swap never serves another's).
create table vehicle_history_reports (
  vin text not null check (char_length(vin) = 17),
  provider text not null,
  report jsonb not null,
  fetched_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (vin, provider)
);
