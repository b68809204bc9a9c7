import './lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configureSocket } from './lib/socket';
import { Providers } from './app/providers';
import { router } from './app/router';
import { listenForNewVersion } from './app/new-version';
import './styles.css';

listenForNewVersion();
configureSocket(async () => {
  const { getClientConfig, realtimeUrlFor } = await import('./shared/config');
  return realtimeUrlFor(await getClientConfig(), window.location);
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
