// What a route shows when it fails to load or to render, instead of the router's bare developer message.
import { useEffect } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { announceNewVersion, isChunkLoadError } from './new-version';

export function RouteError() {
  const error = useRouteError();
  const stale = isChunkLoadError(error);
  // Vite announces most failed chunks itself; an import it does not wrap (the dev server's) is caught here.
  useEffect(() => {
    if (stale) announceNewVersion();
  }, [stale]);

  if (stale) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-24 text-center" data-testid="route-error">
        <h1 className="text-3xl font-bold">CarBid has been updated</h1>
        <p className="mt-3 text-slate-600">This page belongs to the new version: reload to open it.</p>
      </div>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-24 text-center" data-testid="route-error">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-slate-600">
        {status ? `The page answered ${status}.` : 'This page could not be shown.'} Try again, or go back home.
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Try again
        </button>
        <Link to="/" className="rounded-lg border border-slate-300 px-5 py-2 font-semibold text-slate-700">
          Go home
        </Link>
      </div>
    </div>
  );
}
