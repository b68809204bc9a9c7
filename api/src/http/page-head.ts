// The server-rendered head of the pages people share and search engines index (/, /auctions, /listing/{id}): title,
// description, canonical URL, Open Graph and Twitter card, JSON-LD (a Vehicle with its Offer). Put into the built
// index.html in place of its static title and description; the app boots from the same page as before. Every value
// is escaped for where it goes: attribute text for the tags, JSON with <, > and & as \u escapes inside the script.
import {
  PAGE_HEAD_LISTINGS,
  auctionOutcome,
  auctionPrice,
  centsToDecimal,
  formatCents,
  hasEnded,
  photoSrcSet,
  toCents,
  type Auction,
  type StandingAuction,
} from '@app/shared';

export const SITE_NAME = 'CarBid';
export const SITE_DESCRIPTION = 'Live car auctions for dealers, collectors and enthusiasts.';
const DESCRIPTION_MAX = 200;
/** What the app shows for a car without photos (web: PLACEHOLDER_IMAGE). */
const PLACEHOLDER_PHOTO = '/images/placeholder-car.svg';

/** The car's first photo as PageHead.leadImage, when the page shows it as it is (not one of its sizes). */
function leadImage(a: Auction): Pick<PageHead, 'leadImage' | 'leadImageAlt'> {
  const first = a.car.images[0] ?? PLACEHOLDER_PHOTO;
  return photoSrcSet(first) === null ? { leadImage: first, leadImageAlt: titleOf(a) } : {};
}

export interface PageHead {
  title: string;
  description: string;
  /** Absolute. */
  canonicalUrl: string;
  /** Absolute; null when the page has no picture. */
  image: string | null;
  ogType: 'website' | 'product';
  jsonLd: Record<string, unknown>[];
  /** Extra Open Graph properties (product:price:amount ...). */
  properties?: [string, string][];
  /** A page that is not there: kept out of search indexes. */
  noindex?: boolean;
  /**
   * The photo the page shows largest, as the page itself names it (a path on this site): fetched at once, high
   * priority, rather than once the app has run and read the auction. Only an image used as it is: of an uploaded
   * photo the browser picks one of its sizes for the slot (srcset), which a preload here could not know.
   */
  leadImage?: string;
  /** The lead image's alternative text: the car, as the page names its photo. */
  leadImageAlt?: string;
}

/** Text made safe inside an element or a double- or single-quoted attribute. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON that cannot end its <script> element or open a comment in it, whatever strings it holds. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A stored photo path (/uploads/..., /images/...) as an absolute URL on the public site. */
export function absoluteUrl(base: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${base}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** At most DESCRIPTION_MAX characters, cut at a word with an ellipsis. */
function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  if (chars.length <= DESCRIPTION_MAX) return flat;
  const cut = chars.slice(0, DESCRIPTION_MAX - 1).join('');
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_MAX / 2))}…`;
}

export function renderHead(h: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(h.title)}</title>`,
    meta('name', 'description', h.description),
    `<link rel="canonical" href="${escapeHtml(h.canonicalUrl)}" />`,
    ...(h.noindex ? [meta('name', 'robots', 'noindex')] : []),
    ...(h.leadImage
      ? [`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(h.leadImage)}" />`]
      : []),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', h.ogType),
    meta('property', 'og:title', h.title),
    meta('property', 'og:description', h.description),
    meta('property', 'og:url', h.canonicalUrl),
    ...(h.image ? [meta('property', 'og:image', h.image)] : []),
    ...(h.properties ?? []).map(([k, v]) => meta('property', k, v)),
    meta('name', 'twitter:card', h.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', h.title),
    meta('name', 'twitter:description', h.description),
    ...(h.image ? [meta('name', 'twitter:image', h.image)] : []),
    ...h.jsonLd.map((d) => `<script type="application/ld+json">${jsonForScript(d)}</script>`),
  ];
  return tags.join('\n    ');
}

/**
 * The built index.html with this head: its own title and description are taken out and the tags go in before
 * </head>. The template is split once, so each page is a concatenation.
 */
export function headTemplate(indexHtml: string): (head: string) => string {
  const bare = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const at = bare.search(/<\/head>/i);
  if (at < 0) throw new Error('index.html has no </head>');
  const [before, after] = [bare.slice(0, at), bare.slice(at)];
  return (head) => `${before}  ${head}\n  ${after}`;
}

const standingOf = (a: Auction): StandingAuction => ({
  status: a.status,
  endTimeMs: Date.parse(a.endTime),
  startingBidCents: toCents(a.startingBid),
  currentBidCents: toCents(a.currentBid),
  bidCount: a.bidCount,
  winningCents: a.winningAmount === null ? null : toCents(a.winningAmount),
});

const titleOf = (a: Auction) => `${a.car.year} ${a.car.make} ${a.car.model}`;
export const listingUrl = (base: string, id: number) => `${base}/listing/${id}`;

/** schema.org availability: open for bids, sold, or ended without a sale. */
function availability(a: Auction, nowMs: number): string {
  const s = standingOf(a);
  if (!hasEnded(s, nowMs)) return 'https://schema.org/InStock';
  return a.status === 'sold' || a.status === 'bought-now'
    ? 'https://schema.org/SoldOut'
    : 'https://schema.org/Discontinued';
}

/** The listing as a schema.org Vehicle whose Offer is its current price in dollars. */
export function vehicleJsonLd(a: Auction, base: string, nowMs: number): Record<string, unknown> {
  const price = auctionPrice(standingOf(a));
  const url = listingUrl(base, a.id);
  const live = !hasEnded(standingOf(a), nowMs);
  return {
    '@context': 'https://schema.org',
    '@type': 'Vehicle',
    name: titleOf(a),
    brand: { '@type': 'Brand', name: a.car.make },
    model: a.car.model,
    vehicleModelDate: String(a.car.year),
    vehicleIdentificationNumber: a.car.vin,
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: a.car.mileage, unitCode: 'SMI' },
    description: clip(a.car.description),
    image: a.car.images.map((i) => absoluteUrl(base, i)),
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: centsToDecimal(price.cents),
      priceCurrency: 'USD',
      availability: availability(a, nowMs),
      ...(live ? { priceValidUntil: a.endTime } : {}),
    },
  };
}

export function listingHead(a: Auction, base: string, nowMs: number): PageHead {
  const standing = standingOf(a);
  const price = auctionPrice(standing);
  const outcome = auctionOutcome(standing, nowMs);
  const priceText = `${price.label} ${formatCents(price.cents)}`;
  const state = outcome
    ? outcome.kind === 'sold' || outcome.kind === 'bought-now'
      ? outcome.text
      : `Ended: ${outcome.text.toLowerCase()}`
    : `${priceText} · ${a.bidCount} ${a.bidCount === 1 ? 'bid' : 'bids'} · ${a.location}`;
  return {
    title: `${titleOf(a)} · ${outcome ? outcome.text : priceText} | ${SITE_NAME}`,
    description: clip(`${state}. ${a.car.description}`),
    canonicalUrl: listingUrl(base, a.id),
    image: a.car.images[0] ? absoluteUrl(base, a.car.images[0]) : null,
    ...leadImage(a),
    ogType: 'product',
    properties: [
      ['product:price:amount', centsToDecimal(price.cents)],
      ['product:price:currency', 'USD'],
    ],
    jsonLd: [vehicleJsonLd(a, base, nowMs)],
  };
}

/** / and /auctions: the site, and the live auctions ending soonest (the first few) as an ItemList of vehicles. */
export function listHead(page: 'home' | 'auctions', live: Auction[], base: string, nowMs: number): PageHead {
  const listed = live.slice(0, PAGE_HEAD_LISTINGS);
  const first = listed.find((a) => a.car.images.length > 0);
  const items = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: listed.map((a, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      url: listingUrl(base, a.id),
      item: vehicleJsonLd(a, base, nowMs),
    })),
  };
  const site = { '@context': 'https://schema.org', '@type': 'WebSite', name: SITE_NAME, url: `${base}/` };
  return {
    title: page === 'home' ? `${SITE_NAME}: live car auctions` : `Live Auctions | ${SITE_NAME}`,
    description:
      page === 'home'
        ? SITE_DESCRIPTION
        : `${live.length} live car auctions ending soon, bid in real time on ${SITE_NAME}.`,
    canonicalUrl: page === 'home' ? `${base}/` : `${base}/auctions`,
    image: first ? absoluteUrl(base, first.car.images[0]!) : null,
    // The list's first card (the list opens in this same order).
    ...(page === 'auctions' && listed[0] ? leadImage(listed[0]) : {}),
    ogType: 'website',
    jsonLd: page === 'home' ? [site, items] : [items],
  };
}

export function notFoundHead(base: string, path: string, what: 'Listing' | 'Page' = 'Listing'): PageHead {
  return {
    title: `${what} not found | ${SITE_NAME}`,
    description: SITE_DESCRIPTION,
    canonicalUrl: `${base}${path}`,
    image: null,
    ogType: 'website',
    jsonLd: [],
    noindex: true,
  };
}
