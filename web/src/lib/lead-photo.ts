// A listing's page arrives with the car's main photo already drawn in its loading frame (the API's http/app-shell.ts).
// Read before the app's first render replaces that HTML, so the app's own loading frame shows the same photo in the
// same box and it does not blink out while the listing is drawn.
const drawn = typeof document === 'undefined' ? null : document.querySelector<HTMLImageElement>('img[data-lead-photo]');
const lead = drawn ? { path: drawn.dataset.leadPhoto, src: drawn.getAttribute('src') } : null;

/** The photo the page's HTML drew for the listing at `path` (`/listing/7`), if it drew one. */
export const leadPhotoFor = (path: string): string | undefined => (lead?.path === path && lead.src) || undefined;
