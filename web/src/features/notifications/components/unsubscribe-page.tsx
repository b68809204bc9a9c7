import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MAIL_KIND_LABELS, type MAIL_KINDS } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { unsubscribe } from '../api/notifications';

/** Where a mail's unsubscribe link leads: the signed token turns that kind of mail off, signed in or not. */
export function UnsubscribePage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const [state, setState] = useState<{ done: (typeof MAIL_KINDS)[number] } | { error: string } | null>(null);
  useEffect(() => {
    let cancelled = false;
    unsubscribe(token)
      .then((r) => !cancelled && setState({ done: r.kind }))
      .catch(
        (err: unknown) =>
          !cancelled &&
          setState({ error: err instanceof ApiError ? err.message : 'Something went wrong. Please try again.' }),
      );
    return () => {
      cancelled = true;
    };
  }, [token]);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="unsubscribe-result">
      {state === null && <p>Unsubscribing...</p>}
      {state && 'done' in state && (
        <>
          <h1 className="text-2xl font-bold">You are unsubscribed</h1>
          <p className="mt-2 text-slate-600">We will no longer email you about: {MAIL_KIND_LABELS[state.done]}.</p>
        </>
      )}
      {state && 'error' in state && (
        <>
          <h1 className="text-2xl font-bold">This link did not work</h1>
          <p className="mt-2 text-slate-600">{state.error}</p>
        </>
      )}
      <Link to="/settings/notifications" className="mt-6 inline-block text-brand-600 underline">
        Email settings
      </Link>
    </div>
  );
}
