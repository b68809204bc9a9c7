/** Text placed in a mail's HTML part: names and words typed by members must never become markup. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
