-- The trim a seller gives (or the VIN decode knows): the valuation's most decisive fact after the model itself.
alter table cars add column trim text not null default '';
