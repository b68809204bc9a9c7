import { useEffect, useState } from 'react';
import { PushSubscriptionBodySchema } from '@app/shared';
import { Button } from '../../../components/ui';
import { userMessage } from '../../../lib/api-client';
import { currentPushSubscription, pushSupported, subscribeThisDevice } from '../../../lib/service-worker';
import { toast } from '../../../lib/toast';
import { addPushDevice, removePushDevice, usePushKey } from '../api/push-digest';

/**
 * Web push on this device: opted in per browser (each has its own subscription). Outbid, won, sold, a watched auction
 * ending and fired alerts then arrive as notifications, also when no CarBid tab is open.
 */
export function PushSettings() {
  const supported = pushSupported();
  const key = usePushKey(supported);
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void currentPushSubscription().then((s) => !cancelled && setSubscribed(s !== null));
    return () => {
      cancelled = true;
    };
  }, []);

  const turnOn = async (publicKey: string) => {
    setBusy(true);
    try {
      const subscription = await subscribeThisDevice(publicKey);
      await addPushDevice(PushSubscriptionBodySchema.parse(subscription.toJSON()));
      setSubscribed(true);
      toast({ title: 'Push notifications are on for this device' });
    } catch (err) {
      toast({
        title: 'Could not turn on push notifications',
        description: userMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async () => {
    setBusy(true);
    try {
      const subscription = await currentPushSubscription();
      if (subscription) {
        await removePushDevice(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setSubscribed(false);
    } catch (err) {
      toast({
        title: 'Could not turn off',
        description: userMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (!supported) body = <p className="text-sm text-slate-600">This browser cannot receive push notifications.</p>;
  else if (key.data && key.data.publicKey === null)
    body = <p className="text-sm text-slate-600">Push notifications are not available on this site right now.</p>;
  else if (subscribed)
    body = (
      <Button variant="outline" size="sm" disabled={busy} onClick={() => void turnOff()} data-testid="push-off">
        Turn off on this device
      </Button>
    );
  else
    body = (
      <Button
        size="sm"
        disabled={busy || !key.data?.publicKey || subscribed === null}
        onClick={() => key.data?.publicKey && void turnOn(key.data.publicKey)}
        data-testid="push-on"
      >
        Turn on for this device
      </Button>
    );
  return (
    <section className="mt-10" aria-labelledby="push-heading">
      <h2 id="push-heading" className="text-lg font-semibold">
        Push notifications
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Hear when you are outbid, win, sell, a watched auction is ending or an alert fires, even with no CarBid tab
        open. Each device (browser) is turned on on its own.
      </p>
      <div className="mt-3">{body}</div>
    </section>
  );
}
