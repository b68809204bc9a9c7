import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './vite-precompress';
import { prerender } from './vite-prerender';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));
// The dev server (`npm run dev`) passes requests for the services on to them, so the page, its calls and its socket
// share one origin as in production. The ports are the services' own variables.
const api = `http://127.0.0.1:${process.env.PORT ?? 3000}`;
const gateway = `http://127.0.0.1:${process.env.REALTIME_PORT ?? 3001}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(outDir, () => prerender(root, outDir))],
  // Workspace packages are read from their TypeScript sources, never from a stale dist/.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    proxy: {
      // Also /api-docs, the OpenAPI UI.
      '/api': api,
      '/uploads': api,
      '/admin/queues': api,
      '/sitemap.xml': api,
      '/robots.txt': api,
      '/socket.io': { target: gateway, ws: true },
    },
  },
  // No source maps in the build: everything in dist/ is served to the public, and the maps would publish the sources.
  // The dev server (`npm run dev`) has its own.
  // The manifest tells the server which files each page's lazy route needs, to name them in its HTML (the API's
  // http/page-preloads.ts); it stays out of reach of browsers (a dot folder the static files never serve).
  build: { outDir, emptyOutDir: true, sourcemap: false, manifest: true },
});
