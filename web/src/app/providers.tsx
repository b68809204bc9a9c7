import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './query-client';
import { NewVersionPrompt } from './new-version';

// Radix Toast is the entry's largest part no first screen shows: it loads just after. A toast raised before it has
// arrived waits in its store (lib/toast.ts) and shows then.
const Toaster = lazy(async () => ({ default: (await import('./toaster')).Toaster }));

/** `client`: a query cache to draw from (a first screen drawn on the server, first-screens.tsx); a new one by default. */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <NewVersionPrompt />
    </QueryClientProvider>
  );
}
