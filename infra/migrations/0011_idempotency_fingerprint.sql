-- A retried request must be the same request: the key remembers a hash of what it was first used for, and keys are
-- only honoured for 24 hours (the workers delete older ones).
alter table idempotency_keys add column request_hash text;
create index idempotency_keys_created_at on idempotency_keys (created_at);
