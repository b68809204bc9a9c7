import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useCaughtMails } from '../api/notifications';

/** The development mail catcher's inbox: every mail the site sent while no outside SMTP server is configured. */
export function AdminMailPage() {
  const mails = useCaughtMails();
  if (mails.error instanceof ApiError && (mails.error.status === 401 || mails.error.status === 403)) {
    return (
      <p className="mx-auto max-w-xl px-4 py-16 text-center">
        Please{' '}
        <Link to="/admin/login" className="text-brand-600 underline">
          sign in as an admin
        </Link>
        .
      </p>
    );
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-bold">Mail</h1>
      <p className="mt-1 text-sm text-slate-600">
        Mails caught by the development mail catcher (set SMTP_URL to send through a real server).
      </p>
      {mails.data?.length === 0 && <p className="mt-8 text-slate-500">No mail yet.</p>}
      <ul className="mt-6 space-y-3">
        {mails.data?.map((m) => (
          <li key={m.id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="caught-mail">
            <div className="flex flex-wrap justify-between gap-2 text-sm text-slate-500">
              <span>To: {m.to}</span>
              <span>{new Date(m.receivedAt).toLocaleString()}</span>
            </div>
            <p className="mt-1 font-semibold">{m.subject}</p>
            <pre className="mt-2 whitespace-pre-wrap font-sans text-sm text-slate-700">{m.text}</pre>
          </li>
        ))}
      </ul>
    </div>
  );
}
