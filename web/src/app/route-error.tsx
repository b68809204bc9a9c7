// What a route shows when it fails to load or to render, instead of the router's bare developer message.
import { useEffect } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { announceNewVersion, isChunkLoadError } from './new-version';
import { Button } from '../components/ui';

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
        <Button onClick={() => window.location.reload()} variant="primary">
          Try again
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Go home</Link>
        </Button>
      </div>
    </div>
  );
}
