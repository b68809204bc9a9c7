-- The duration a seller chose for a pending auction; null leaves it to the marketplace's default duration in force
-- when an admin approves it (the admin settings tab). Until approval start and end only hold a placeholder.
alter table auctions add column duration_days smallint check (duration_days > 0);
-- Auctions submitted before this column carried their chosen duration as end_time - start_time.
update auctions set duration_days = greatest(1, round(extract(epoch from end_time - start_time) / 86400))::smallint
where status = 'pending';
