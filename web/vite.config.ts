import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './vite-precompress';

const outDir = fileURLToPath(new URL('./dist', import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(outDir)],
  // Workspace packages are read from their TypeScript sources, never from a stale dist/.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: { proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
  // No source maps in the build: everything in dist/ is served to the public, and the maps would publish the sources.
  // The dev server (`npm run dev`) has its own.
  build: { outDir, emptyOutDir: true, sourcemap: false },
});
