// Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of the build, once, at maximum compression, so
// the server sends compressed files without compressing on each request (@fastify/static `preCompressed`).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** `before`: a last step that writes into the build (the prerendered pages), run before the copies are made. */
export function precompress(outDir: string, before?: () => Promise<void>): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async closeBundle() {
      await before?.();
      for (const path of files(outDir)) {
        if (!COMPRESSIBLE.test(path) || statSync(path).size < 1024) continue;
        const body = readFileSync(path);
        writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}
