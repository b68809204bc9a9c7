-- An Idempotency-Key is claimed before its request is decided: the row exists (without an answer) while the first
-- request runs, so a second request with the key, on any API process, waits for that answer instead of deciding again.
-- `claim` names the request that holds the key; only it may write the answer.
alter table idempotency_keys alter column status_code drop not null;
alter table idempotency_keys alter column response drop not null;
alter table idempotency_keys add column claim uuid;
alter table idempotency_keys add constraint idempotency_keys_answered check ((status_code is null) = (response is null));
