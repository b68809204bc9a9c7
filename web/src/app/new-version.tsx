// After a deploy, an open page still asks for the chunks of the build it was loaded from, and the server no longer has
// them (it answers 404). Such a page cannot load its next route: offer to load the new version instead of failing.
import { create } from 'zustand';
import { Button } from '../components/ui';

export const useNewVersion = create<{ available: boolean }>(() => ({ available: false }));

export const announceNewVersion = () => useNewVersion.setState({ available: true });

// How each browser words a failed `import()`: Chromium, Firefox, Safari; Vite's own for a stylesheet it preloads.
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** Whether an error is a chunk of the app that could not be loaded (the build it belongs to is gone). */
export const isChunkLoadError = (err: unknown): boolean => err instanceof Error && CHUNK_LOAD_FAILURE.test(err.message);

/** Vite reports every failed chunk or preload of the built app here, lazy routes and lazy components alike. */
export function listenForNewVersion(): void {
  window.addEventListener('vite:preloadError', announceNewVersion);
}

export function NewVersionPrompt() {
  const available = useNewVersion((s) => s.available);
  if (!available) return null;
  return (
    <div role="alert" className="fixed inset-x-0 bottom-0 z-[110] flex justify-center p-4" data-testid="new-version">
      <div className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-lg">
        <p className="text-sm text-slate-800">A new version of CarBid is available.</p>
        <Button onClick={() => window.location.reload()} variant="primary" size="sm">
          Reload
        </Button>
      </div>
    </div>
  );
}
