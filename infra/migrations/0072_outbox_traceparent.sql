-- The trace an event belongs to (W3C traceparent of the span that appended it), so the relay can publish a row in the
-- trace of the request that committed it. Null when tracing is off.
alter table outbox add column traceparent text;
