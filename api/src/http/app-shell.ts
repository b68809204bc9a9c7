// The app's first screen in the page's HTML (the web build's prerender): index.html carries the home page's, drawn
// before the app has run; every other page gets the shell alone (header, an empty main, footer) from
// web/dist/.vite/app-shell.html, as its content needs the page's own code and data. A build without that file gets
// an empty root on those pages, never the home page's content.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { escapeHtml } from './page-head.js';

const PRERENDERED = /<!--app-prerender-->[\s\S]*?<!--\/app-prerender-->/;

/** `(path) => html`: index.html as it is for /, with the shell in place of the home page for any other path. */
export function appShellPages(webRoot: string, indexHtml: string): (path: string) => string {
  const file = resolve(webRoot, '.vite/app-shell.html');
  const shell = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const elsewhere = indexHtml.replace(PRERENDERED, () => shell);
  return (path) => (path === '/' ? indexHtml : elsewhere);
}

const EMPTY_MAIN = /(<main\b[^>]*>)[\s\S]*?(<\/main>)/;

/**
 * A listing's page with its main photo already in the shell's main, in the frame the app draws while the listing
 * loads (web: ListingPage's loading frame, same boxes and classes): the page's largest picture is painted as soon as
 * it has loaded, not once the app has run and read the auction. The app takes the photo over from there
 * (web: lib/lead-photo.ts), so it does not blink out while the listing is drawn. `src` and `alt` are escaped here.
 */
export function withLeadPhoto(html: string, path: string, src: string, alt: string): string {
  const frame =
    '<div class="mx-auto min-h-screen max-w-7xl px-4 py-8"><div class="grid gap-8 lg:grid-cols-[3fr_2fr]">' +
    `<div class="overflow-hidden rounded-xl bg-slate-100"><img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" ` +
    `class="aspect-[3/2] w-full object-contain" fetchpriority="high" data-lead-photo="${escapeHtml(path)}"></div>` +
    '<div class="h-64 animate-pulse rounded-xl bg-slate-200"></div></div></div>';
  return html.replace(EMPTY_MAIN, (_m, open: string, close: string) => `${open}${frame}${close}`);
}
