// Build step: renders the app's first screen (src/app/prerender.tsx) to HTML with a server build of that module, then
// writes it into dist/index.html (the home page's) and dist/.vite/app-shell.html (every other page's shell, which the
// API puts in its place; the .vite folder is never served as a file). The same server build holds
// src/app/first-screens.tsx, kept as dist/.vite/ssr/first-screens.mjs: the API runs it per request to draw /auctions'
// and /community's first screen with their data (the API's http/first-screens.ts). It carries everything it imports,
// React included, so it runs wherever the API does. The stylesheet goes into the HTML too: a
// phone on a slow link paints the page one round trip sooner (some 8 kB compressed, no url() or font in it).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, defaultServerConditions } from 'vite';
import react from '@vitejs/plugin-react';

interface PrerenderModule {
  prerenderHome(): string;
  prerenderShell(): string;
  PRERENDER_START: string;
  PRERENDER_END: string;
}

/** The built page with each of its stylesheets' text in a <style> element in place of its <link>. */
function inlineStylesheets(outDir: string, html: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (_link, file: string) => {
    const css = readFileSync(join(outDir, file), 'utf8');
    if (/<\/style/i.test(css) || /url\(/i.test(css)) throw new Error(`${file} cannot be inlined as it is`);
    return `<style>${css}</style>`;
  });
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The built page with the app's files (src/main.tsx and what it imports, which the entry, src/boot.ts, imports once
 * the page has painted) named as `<link rel="modulepreload">` inside a `<template data-app-files>`: inert there, so
 * nothing but the HTML, its photo and the tiny entry is fetched before the first paint; the entry moves them into the
 * head after that paint, and the browser fetches them all at once instead of one import after another.
 */
function appFiles(outDir: string, html: string): string {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(walk);
  };
  walk('src/main.tsx');
  if (files.size === 0) throw new Error('the build manifest has no src/main.tsx');
  // The build's own modulepreloads (the entry's imports) go into the template too.
  const preloads = /\s*<link rel="modulepreload"[^>]*>/g;
  const named = [...html.matchAll(preloads)].map((m) => m[0].trim());
  const links = [
    ...named,
    ...[...files]
      .filter((f) => !named.some((l) => l.includes(`/${f}"`)))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ];
  return html
    .replace(preloads, '')
    .replace(/<\/head>/i, () => `  <template data-app-files>${links.join('')}</template>\n  </head>`);
}

export async function prerender(root: string, outDir: string): Promise<void> {
  const ssrOut = join(outDir, '.vite/ssr');
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { conditions: ['source', ...defaultServerConditions] },
    ssr: { noExternal: true, resolve: { conditions: ['source', ...defaultServerConditions] } },
    build: {
      ssr: true,
      outDir: ssrOut,
      emptyOutDir: true,
      // The public files are the client build's; the server's module needs none of them.
      copyPublicDir: false,
      rollupOptions: {
        input: {
          prerender: join(root, 'src/app/prerender.tsx'),
          'first-screens': join(root, 'src/app/first-screens.tsx'),
        },
        output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
      },
    },
  });
  const m = (await import(pathToFileURL(join(ssrOut, 'prerender.mjs')).href)) as PrerenderModule;
  const indexFile = join(outDir, 'index.html');
  const html = appFiles(outDir, inlineStylesheets(outDir, readFileSync(indexFile, 'utf8')));
  const slot = '<div id="root"></div>';
  if (!html.includes(slot)) throw new Error(`index.html has no ${slot}`);
  const wrap = (markup: string) => `${m.PRERENDER_START}${markup}${m.PRERENDER_END}`;
  writeFileSync(indexFile, html.replace(slot, `<div id="root">${wrap(m.prerenderHome())}</div>`));
  writeFileSync(join(outDir, '.vite/app-shell.html'), wrap(m.prerenderShell()));
}
