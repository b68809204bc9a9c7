// The code a page needs, named in its HTML: each page's own module is loaded by the router only once the app's entry
// has run, one round trip after it; a <link rel="modulepreload"> per file lets the browser fetch them alongside the
// entry. The files are found in the build's manifest (web/dist/.vite/manifest.json), by the source module the
// router's lazy route imports (web/src/app/router.tsx). A build without a manifest, or a module it does not list,
// simply gets no preloads. Like the app's own files (the web build's vite-prerender.ts), they are named inside a
// <template data-app-files>, inert until the app's entry (web: src/boot.ts) moves them into the head once the page has
// painted: the first paint needs none of them, and on a phone's link the HTML and its photo come first.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The pages people land on most, with the source module of each one's lazy route. */
const PAGE_MODULES: [RegExp, string][] = [
  [/^\/auctions\/?$/i, 'src/app/routes/auctions.tsx'],
  [/^\/listing\/[^/]+\/?$/i, 'src/app/routes/listing.tsx'],
  [/^\/community\/?$/i, 'src/features/forum/index.ts'],
  [/^\/community\/[^/]+\/?$/i, 'src/features/forum/index.ts'],
  [/^\/valuation\/?$/i, 'src/features/valuation/index.ts'],
];

/** `(path) => '<template data-app-files>…'`, the links for that page's files not already in index.html. */
export function pagePreloads(webRoot: string, indexHtml: string): (path: string) => string {
  const file = resolve(webRoot, '.vite/manifest.json');
  if (!existsSync(file)) return () => '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const files = (key: string, seen = new Set<string>()): string[] => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => files(k, seen))];
  };
  const links = new Map(
    PAGE_MODULES.map(([, key]) => {
      const named = [...new Set(files(key))]
        .filter((f) => !indexHtml.includes(`/${f}"`))
        .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
      return [key, named.length ? `<template data-app-files>${named.join('')}</template>` : ''];
    }),
  );
  return (path) => {
    const key = PAGE_MODULES.find(([re]) => re.test(path))?.[1];
    return key ? (links.get(key) ?? '') : '';
  };
}
