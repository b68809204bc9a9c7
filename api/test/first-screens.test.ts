// A page's first screen drawn with its data goes where the build's prerendered screen was, and the answers it was
// drawn from go in the page as JSON that no text in them can break out of (titles, posts and names are typed by
// people). The drawing itself is the web app's (its markup escaped by React); the browser test e2e/first-page.test.ts
// proves it end to end.
import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { FIRST_ANSWERS_ID } from '@app/shared';
import { withFirstScreen } from '../src/http/first-screens.js';

const PAGE =
  '<!doctype html><html><head><title>t</title></head><body><div id="root"><!--app-prerender--><main>The shell</main>' +
  '<!--/app-prerender--></div><script type="module" src="/assets/index.js"></script></body></html>';

describe('a first screen in the page', () => {
  it('replaces the shell and hands over its answers as JSON that survives any text in it', () => {
    const hostile = '</script><script>window.hostile=1</script><!-- <script>';
    const state = JSON.stringify({ queries: [{ state: { data: [{ title: hostile }] } }] });
    const html = withFirstScreen(PAGE, { html: '<main><h1>Live Auctions</h1></main>', state });

    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<!-- <script>');
    const doc = new JSDOM(html).window.document;
    expect(doc.getElementById('root')!.textContent).toBe('Live Auctions');
    // One script of the page's own besides the answers, and no other.
    expect(doc.querySelectorAll('script')).toHaveLength(2);
    const answers = doc.getElementById(FIRST_ANSWERS_ID)!;
    expect(answers.getAttribute('type')).toBe('application/json');
    expect(JSON.parse(answers.textContent!)).toEqual(JSON.parse(state));
  });

  it('leaves a page without a prerendered screen as it is but for the answers', () => {
    const bare = '<html><head></head><body><div id="root"></div></body></html>';
    const html = withFirstScreen(bare, { html: '<main>x</main>', state: '{}' });
    expect(new JSDOM(html).window.document.getElementById('root')!.innerHTML).toBe('');
  });
});
