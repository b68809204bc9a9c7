-- Saved searches: a member's named /auctions filters (the shape of shared SearchFiltersSchema), told of each newly
-- approved listing they find. The notice of a match is keyed (user, 'saved-search', 'search:{id}:auction:{id}'), so a
-- replayed approval event or a second workers process tells the member once per search and listing.
create table saved_searches (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 60),
  filters jsonb not null,
  created_at timestamptz not null default now()
);
create index saved_searches_user on saved_searches (user_id, id);

alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check
  check (kind in ('outbid', 'won', 'sold', 'reserve-not-met', 'unsold', 'watch-ending', 'watch-ended', 'alert', 'escrow',
                  'saved-search'));
