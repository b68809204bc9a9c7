import './lib/zod-without-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configureSocket } from './lib/socket';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { withFirstAnswers } from './app/first-answers';
import { router } from './app/router';
import { listenForNewVersion } from './app/new-version';
import { registerServiceWorker } from './lib/service-worker';

listenForNewVersion();
registerServiceWorker();
configureSocket(async () => {
  const { getClientConfig, realtimeUrlFor } = await import('./shared/config');
  return realtimeUrlFor(await getClientConfig(), window.location);
});

// The page's HTML already shows the header (and on / the home page, app/prerender.tsx). The app's first render
// replaces it, so it waits for the page's own code (a lazy route): rendered before, the router would draw nothing
// and the screen would go blank until then. It also waits for the browser to paint that HTML: the first render is a
// long task on a phone, and run at once it came before the first paint. A hidden tab gets no frames: the timer
// starts it there.
function afterFirstPaint(render: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    render();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}
// As a transition, the first render yields to the browser every few milliseconds instead of holding the main thread
// for the whole page: the screen is already there, and a tap on it is not kept waiting.
function start() {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers client={withFirstAnswers(createQueryClient())}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
}
if (router.state.initialized) afterFirstPaint(start);
else {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    afterFirstPaint(start);
  });
}
