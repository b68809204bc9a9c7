-- Every car has a body category the auctions list filters by; the list searches make and model and shows ended
-- auctions newest first, each through an index.

alter table cars add column category text not null default 'sports'
  check (category in ('luxury', 'sports', 'classic', 'suv'));

-- Cars listed before categories existed get one from their name; the seed sets its own cars explicitly.
update cars set category = case
  when model ~* '(cayenne|macan|x5|x6|x7|g ?63|g-class|urus|land cruiser|f-150|raptor|range rover|escalade|tahoe|bronco|wrangler|suburban)' then 'suv'
  when year < 1995 or model ~* '(gullwing|heritage|tribute)' then 'classic'
  when make in ('Rolls-Royce', 'Bentley', 'Maybach') or model ~* '(roma|s-class|rs 6|rs6|amg gt|continental)' then 'luxury'
  else 'sports'
end;

create index cars_category on cars (category);

create extension if not exists pg_trgm;
-- "porsche 911" finds a Porsche 911 Carrera S: each word is matched with ilike against make and model together.
create index cars_make_model_trgm on cars using gin ((make || ' ' || model) gin_trgm_ops);

create index auctions_closed_at on auctions (closed_at desc, id desc) where closed_at is not null;
