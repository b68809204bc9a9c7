// /auctions' and /community's first screen drawn with their data, in the app's own markup (the web build's
// src/app/first-screens.tsx, built to .vite/ssr/first-screens.mjs and run here per request): a phone paints the first
// cards or posts from the HTML, where they otherwise waited for the whole app to load, run and read the list. The API
// answer they were drawn from goes with them in the page, for the app to start from (its first render draws the same
// thing, and it does not ask again). A build without that module gets the shell alone on those pages, as before.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FIRST_ANSWERS_ID } from '@app/shared';

export type FirstScreenPath = '/auctions' | '/community';

interface FirstScreensModule {
  renderFirstScreen(path: FirstScreenPath, answer: unknown): { html: string; state: string };
}

/** `(html, path, answer)`: the page's HTML with its first screen drawn from `answer`, the API's answer to its list. */
export type FirstScreens = (html: string, path: FirstScreenPath, answer: unknown) => string;

const PRERENDERED = /<!--app-prerender-->[\s\S]*?<!--\/app-prerender-->/;

/** JSON inside a `<script>`: every `<` escaped, so no text in it (a title, a post) can close the element. */
export const scriptJson = (json: string): string => json.replace(/</g, '\\u003c');

/** The page with `screen` in place of its prerendered shell, and the answers it was drawn from before `</body>`. */
export function withFirstScreen(html: string, screen: { html: string; state: string }): string {
  return html
    .replace(PRERENDERED, () => `<!--app-prerender-->${screen.html}<!--/app-prerender-->`)
    .replace(
      /<\/body>/i,
      () =>
        `  <script type="application/json" id="${FIRST_ANSWERS_ID}">${scriptJson(screen.state)}</script>\n  </body>`,
    );
}

/** The renderer of the build in `webRoot`, or undefined when the build has none. */
export async function loadFirstScreens(webRoot: string): Promise<FirstScreens | undefined> {
  const file = resolve(webRoot, '.vite/ssr/first-screens.mjs');
  if (!existsSync(file)) return undefined;
  const m = (await import(pathToFileURL(file).href)) as FirstScreensModule;
  // The answer as it goes on the wire (dates as strings), which the app's schemas read.
  return (html, path, answer) =>
    withFirstScreen(html, m.renderFirstScreen(path, JSON.parse(JSON.stringify(answer)) as unknown));
}
