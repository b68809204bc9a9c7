-- Web push: the devices a member opted in on (a browser's PushSubscription), and whether each notice is still to be
-- pushed. A device's endpoint is unique: subscribing it again (a new key, another member signing in on the same
-- browser) replaces its row. A push service answering 404 or 410 for an endpoint removes it.
create table push_subscriptions (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  endpoint text not null unique check (length(endpoint) <= 1000),
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now()
);
create index push_subscriptions_user on push_subscriptions (user_id);

-- 'pending' when the notice is of a pushed kind and its member had a device when it was written; 'sent' once pushed
-- (or tried: a push is not retried, a late "you were outbid" is noise); 'skip' otherwise.
alter table notifications add column push_status text not null default 'skip' check (push_status in ('pending', 'sent', 'skip'));
create index notifications_push_pending on notifications (id) where push_status = 'pending';
