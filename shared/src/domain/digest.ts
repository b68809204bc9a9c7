// The daily digest: one mail a day, at the hour a member chose in their own time zone, listing the auctions that end
// in the next 24 hours in sections (their watchlist, the most watched; more sections can be added). Pure: the workers
// read the sections and hand them here for the words.
import { formatMoney } from '../money.js';
import { countOf } from '../plural.js';
import { listingLink } from './notices.js';

/** How many listings a section shows at most. */
export const DIGEST_SECTION_LIMIT = 10;

/** Whether the runtime knows this IANA time zone (Postgres and the browser use the same database). */
export function isTimeZone(tz: string): boolean {
  if (tz.length === 0 || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export interface DigestListing {
  auctionId: number;
  title: string;
  /** The shown price, a decimal string. */
  price: string;
  endTime: string;
}

export interface DigestSection {
  /** Stable id, for tests and anchors: 'watchlist', 'most-watched', ... */
  id: string;
  heading: string;
  listings: DigestListing[];
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The digest's subject and bodies; null when every section is empty (no mail that day). */
export function digestMail(o: {
  name: string;
  sections: DigestSection[];
  publicUrl: string;
  unsubscribeUrl: string;
}): { subject: string; text: string; html: string } | null {
  const sections = o.sections.filter((s) => s.listings.length > 0);
  if (sections.length === 0) return null;
  const base = o.publicUrl.replace(/\/$/, '');
  const count = new Set(sections.flatMap((s) => s.listings.map((l) => l.auctionId))).size;
  const subject = `${countOf(count, 'auction')} ending in the next 24 hours`;
  const line = (l: DigestListing) =>
    `- ${l.title}: ${formatMoney(l.price)}, ends ${l.endTime.slice(0, 16).replace('T', ' ')} UTC\n  ${base}${listingLink(l.auctionId)}`;
  const text =
    `Hi ${o.name},\n\n` +
    sections.map((s) => `${s.heading}\n${s.listings.map(line).join('\n')}`).join('\n\n') +
    `\n\nYou get this mail because you turned on the daily digest in your CarBid settings.\nTo stop it: ${o.unsubscribeUrl}\n`;
  const html =
    `<p>Hi ${escape(o.name)},</p>` +
    sections
      .map(
        (s) =>
          `<h3>${escape(s.heading)}</h3><ul>${s.listings
            .map(
              (l) =>
                `<li><a href="${escape(base + listingLink(l.auctionId))}">${escape(l.title)}</a>: ${escape(formatMoney(l.price))}, ends ${escape(l.endTime.slice(0, 16).replace('T', ' '))} UTC</li>`,
            )
            .join('')}</ul>`,
      )
      .join('') +
    `<p style="color:#64748b;font-size:12px">You get this mail because you turned on the daily digest in your CarBid settings. <a href="${escape(o.unsubscribeUrl)}">Unsubscribe</a></p>`;
  return { subject, text, html };
}
