// Business constants from the product spec (parts 1 and 2), named once for every workspace.

export const MIN_BID_INCREMENT_CENTS = 1000_00;
export const BID_INPUT_STEP = 100;
export const COUNTDOWN_RED_THRESHOLD_MS = 60 * 60 * 1000;
export const COUNTDOWN_REFRESH_MS = 1000;
export const CHAT_POLL_INTERVAL_MS = 2000;
export const CHAT_MESSAGE_MAX_LENGTH = 500;
export const COMMENT_MAX_LENGTH = 2000;
export const CHAT_RATE_LIMIT = { messages: 5, windowSeconds: 10 } as const;

/** Soft close: a bid in the final window pushes the end to this long after the bid. */
export const SOFT_CLOSE_WINDOW_MS = 2 * 60 * 1000;

export const AUCTION_TYPES = ['reserve', 'no-reserve', 'buy-it-now', 'private', 'standard'] as const;
export const AUCTION_TYPE_BADGES = {
  reserve: 'Reserve',
  'no-reserve': 'No Reserve',
  'buy-it-now': 'Buy It Now',
  private: 'Premium',
  standard: 'Standard',
} as const;

export const AUCTION_STATUSES = [
  'pending',
  'active',
  'sold',
  'reserve-not-met',
  'no-bids',
  'bought-now',
  'rejected',
] as const;
export const AUCTION_OUTCOMES = ['sold', 'reserve-not-met', 'no-bids', 'bought-now'] as const;
export const RESERVE_STATUSES = ['none', 'met', 'not-met'] as const;

/** Every car's body category; the auctions list filters by it. */
export const CAR_CATEGORIES = ['luxury', 'sports', 'classic', 'suv'] as const;
export const CAR_CATEGORY_LABELS = { luxury: 'Luxury', sports: 'Sports', classic: 'Classic', suv: 'SUV' } as const;
export const CATEGORY_FILTERS = ['all', ...CAR_CATEGORIES] as const;
/** The auctions list: open auctions, or ended ones with how they ended. */
export const AUCTION_VIEWS = ['live', 'ended'] as const;
export const AUCTION_SEARCH_MAX_LENGTH = 60;
/** How many words of a search count (each must appear in the make or model). */
export const AUCTION_SEARCH_MAX_WORDS = 5;
/** A make filter is at most this long (the longest make in the market data is 13 characters). */
export const SEARCH_MAKE_MAX_LENGTH = 40;
/** Model years a year filter accepts. */
export const SEARCH_YEAR_RANGE = { min: 1900, max: 2100 } as const;
/** The highest whole-dollar price a price filter accepts: what numeric(10,2) holds. */
export const SEARCH_PRICE_MAX_DOLLARS = 99_999_999;
/** sitemap.xml lists live auctions and those ended this many days ago or less. */
export const SITEMAP_ENDED_DAYS = 30;
/** How many live auctions the head of /auctions and / describes (JSON-LD ItemList). */
export const PAGE_HEAD_LISTINGS = 20;
/** How many searches one member may save, and how long a saved search's name may be. */
export const SAVED_SEARCH_LIMIT = 20;
export const SAVED_SEARCH_NAME_MAX_LENGTH = 60;
/** How many ended auctions the Ended view shows at a time; "Show more" asks for the next ones after a cursor. */
export const ENDED_AUCTIONS_PAGE = 24;
export const AUCTION_SORTS = ['ending-soon', 'price-low', 'price-high', 'recently-added'] as const;
export const AUCTION_SORT_LABELS = {
  'ending-soon': 'Ending Soon',
  'price-low': 'Price: Low to High',
  'price-high': 'Price: High to Low',
  'recently-added': 'Recently Added',
} as const;

export const MAKES = [
  'Ferrari',
  'Porsche',
  'BMW',
  'Mercedes-Benz',
  'Lamborghini',
  'Audi',
  'Ford',
  'Chevrolet',
  'Toyota',
  'Honda',
] as const;
export const SUBMIT_CONDITIONS = ['Excellent', 'Very Good', 'Good', 'Fair', 'Poor'] as const;
export const TRADE_IN_CONDITIONS = ['excellent', 'good', 'fair', 'poor'] as const;
export const VIN_LENGTH = 17;
export const ZIP_LENGTH = 5;

export const SIGN_IN_PASSWORD_MIN = 6;
export const ADMIN_PASSWORD_MIN = 8;
export const REGISTER_PASSWORD_MIN = 8;

export const ALERT_TYPES = ['outbid', 'priceTarget', 'timeRemaining', 'endingSoon'] as const;
export const ALERT_TIME_THRESHOLDS = [5, 15, 30, 60, 120] as const;
export const ALERT_DEFAULT_TIME_THRESHOLD = 30;
export const ALERT_ENDING_SOON_MINUTES = 5;
export const ALERT_CHECK_INTERVAL_MS = 30_000;
export const ALERT_TOAST_DURATION_MS = 10_000;

// Fees live in domain/fees.ts (one schedule for every screen and every escrow).
export const ESCROW_INSPECTION_DAYS = 7;
export const ESCROW_PAYMENT_DUE_HOURS = 48;
export const ESCROW_REQUIRED_DOCUMENTS = ['title', 'bill_of_sale', 'inspection_report'] as const;
export const ESCROW_STATUSES = [
  'pending',
  'funded',
  'in_inspection',
  'completed',
  'disputed',
  'cancelled',
  'refunded',
] as const;
export const ESCROW_MILESTONES = [
  'escrow_created',
  'payment_received',
  'documents_verified',
  'delivered',
  'inspection_completed',
  'funds_released',
] as const;

/** Terms-of-service figures that are not fees (fees: domain/fees.ts; payment and inspection periods: the escrow constants). */
export const TERMS = {
  governingLaw: 'Michigan',
} as const;

export const HOME_STATS = [
  { value: '5,000+', label: 'Cars Sold' },
  { value: '1,200+', label: 'Active Dealers' },
  { value: '98%', label: 'Satisfaction Rate' },
  { value: '$50M+', label: 'Total Volume' },
] as const;

export const SUPPORT_CONTACT = {
  email: 'support@carbid.example',
  phone: '+1 (313) 555-0142',
  address: '1 Woodward Ave, Detroit, MI 48226',
} as const;

export const REPORT_SCORE_GOOD = 80;
export const REPORT_SCORE_MIDDLING = 60;
export const REPORT_PREVIEW_RECALLS = 2;
export const REPORT_SERVICE_HISTORY_CAP = 5;

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export const VALUATION_CONFIDENCE_HIGH = 85;
export const VALUATION_CONFIDENCE_LOW = 50;
/**
 * Under this confidence an estimate rests on a prior alone or on comparables of another trim family: pages say
 * LITTLE_MARKET_DATA_TEXT instead of showing a precise-looking figure.
 */
export const LITTLE_MARKET_DATA_CONFIDENCE = 40;
export const LITTLE_MARKET_DATA_TEXT = 'Little market data for this car';

export const ADMIN_AUCTION_DURATIONS_DAYS = [3, 7, 10, 14] as const;
export const ADMIN_COMMISSION_RATES_PCT = [3, 5, 7, 10] as const;
export const FORUM_CATEGORIES = ['all', 'general', 'technical', 'marketplace', 'reviews'] as const;
/** The spec's sample tab counts; the page shows the database's live counts instead. */
export const FORUM_TAB_COUNTS = { all: 156, general: 45, technical: 28, marketplace: 67, reviews: 16 } as const;
export const FORUM_TITLE_MAX_LENGTH = 200;
export const FORUM_POST_MAX_LENGTH = 20_000;
export const FORUM_REPLY_MAX_LENGTH = 10_000;
export const FORUM_TAG_MAX_LENGTH = 30;
export const FORUM_MAX_TAGS = 5;
export const FORUM_PAGE_SIZE = 10;
/** How many of a post's newest replies a list card carries. */
export const FORUM_RECENT_REPLIES = 1;
/** An author may edit a post this long after posting it (see docs/api.md, Forum). */
export const FORUM_EDIT_WINDOW_HOURS = 24;
export const FORUM_POST_RATE_LIMIT = { posts: 5, windowSeconds: 600 } as const;
export const FORUM_REPLY_RATE_LIMIT = { replies: 10, windowSeconds: 60 } as const;

/** Demo accounts created by the seed; shown by the README and the /login hint. */
export const DEMO_USER = { email: 'demo@carbid.example', password: 'demo-password', name: 'Demo Dealer' } as const;
export const DEMO_ADMIN = { email: 'admin@carbid.example', password: 'admin-password', name: 'Site Admin' } as const;
/**
 * The demo admin's authenticator key (development only, published like its password): admins must have two-factor
 * authentication, and the browser tests compute the demo admin's codes from this key.
 */
export const DEMO_ADMIN_TOTP_SECRET = 'CARBIDDEMOADMINTOTPKEY234567ABCD';

/** What a user is told about (issue: notices people expect). Each kind can be mailed or not, per user. */
export const NOTIFICATION_KINDS = [
  'outbid',
  'won',
  'sold',
  'reserve-not-met',
  'unsold',
  'watch-ending',
  'watch-ended',
  'alert',
  'escrow',
  'saved-search',
  'offer',
  'reserve-lowered',
] as const;
/** How each kind is named in the email settings. */
export const NOTIFICATION_KIND_LABELS = {
  outbid: 'Someone outbid me',
  won: 'I won an auction',
  sold: 'My car sold',
  'reserve-not-met': 'An auction ended below its reserve',
  unsold: 'My car ended without bids',
  'watch-ending': 'A watched auction ends in 15 minutes',
  'watch-ended': 'A watched auction ended',
  alert: 'A bid alert fired',
  escrow: 'A step on my escrow (terms, payment, documents, shipping, disputes)',
  'saved-search': 'A new listing matches one of my saved searches',
  offer: 'A best or second-chance offer (sent, countered, answered, expired)',
  'reserve-lowered': 'The seller lowered the reserve of an auction I bid on or watch',
} as const;
/**
 * Every kind of mail a member can stop with one click (a notice kind, or the daily digest): what an unsubscribe link
 * names. Transactional mail (a sign-up confirmation) is not a list and has no unsubscribe.
 */
export const MAIL_KINDS = [...NOTIFICATION_KINDS, 'digest'] as const;
export const MAIL_KIND_LABELS = {
  ...NOTIFICATION_KIND_LABELS,
  digest: 'The daily digest of auctions ending soon',
} as const;
/** A watched auction gets its "ending soon" notice this long before its end. */
export const WATCH_ENDING_NOTICE_MS = 15 * 60_000;
/** How many notices the bell lists. */
export const NOTIFICATION_LIST_LIMIT = 50;

/** How often the workers look in Postgres for overdue auctions (the backstop behind each auction's close job). */
export const DEFAULT_SWEEP_EVERY_MS = 2000;
