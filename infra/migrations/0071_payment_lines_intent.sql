-- Each line of a payment schedule names the provider intent paying it, and the webhook settles exactly those lines
-- (a deposit and its balance are two payments). A payment started before kept its intent on the escrow row only: its
-- open lines take that intent, so its confirmation still settles them.
update payment_schedules s set payment_id = t.payment_intent_id
from escrow_transactions t
where s.transaction_id = t.id and t.payment_intent_id is not null and s.payment_id is null
  and s.status in ('pending', 'failed') and s.payment_type in ('full', 'deposit', 'balance', 'fee');
