// The forum's contracts: list and thread shapes (the spec's "Forum post as read", plus what a member needs to act),
// request bodies with the messages a form shows, and the keyset cursor the list pages with.
import { z } from 'zod';
import { isUtcInstant } from '../domain/calendar.js';
import {
  FORUM_CATEGORIES,
  FORUM_MAX_TAGS,
  FORUM_POST_MAX_LENGTH,
  FORUM_REPLY_MAX_LENGTH,
  FORUM_TAG_MAX_LENGTH,
  FORUM_TITLE_MAX_LENGTH,
} from '../constants.js';
import { ClaimedUserIdSchema, IdSchema, IsoDateSchema } from './common.js';

export const FORUM_POST_CATEGORIES = FORUM_CATEGORIES.filter((c) => c !== 'all') as Exclude<
  (typeof FORUM_CATEGORIES)[number],
  'all'
>[];
export type ForumCategory = (typeof FORUM_POST_CATEGORIES)[number];
export const FORUM_SORTS = ['recent', 'trending', 'top'] as const;
export type ForumSort = (typeof FORUM_SORTS)[number];

// Control characters other than line breaks and tabs have no place in a post (and highlighting relies on it).
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const text = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} must be at most ${max.toLocaleString('en-US')} characters`)
    .refine((s) => !CONTROL.test(s), `${what} contains characters that cannot be shown`);

const CategorySchema = z.enum(FORUM_POST_CATEGORIES as [ForumCategory, ...ForumCategory[]], {
  error: 'Choose a category: general, technical, marketplace or reviews',
});
const TagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'A tag cannot be empty')
  .max(FORUM_TAG_MAX_LENGTH, `A tag must be at most ${FORUM_TAG_MAX_LENGTH} characters`)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} .+#-]*$/u, 'A tag is letters, digits, spaces, dots, dashes, + or #');
const TagsSchema = z
  .array(TagSchema)
  .max(FORUM_MAX_TAGS, `At most ${FORUM_MAX_TAGS} tags`)
  .transform((tags) => [...new Set(tags)]);

export const CreateForumPostBodySchema = z.object({
  title: text('Title', FORUM_TITLE_MAX_LENGTH),
  content: text('Content', FORUM_POST_MAX_LENGTH),
  category: CategorySchema,
  tags: TagsSchema.default([]),
  userId: ClaimedUserIdSchema,
});
export type CreateForumPostBody = z.input<typeof CreateForumPostBodySchema>;

/** The new-post form: the tags typed on one line, separated by commas, become the body's list. */
export const ForumPostFormSchema = CreateForumPostBodySchema.omit({ userId: true }).extend({
  tags: z
    .string()
    .transform((line) =>
      line
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .pipe(TagsSchema),
});

export const UpdateForumPostBodySchema = z
  .object({
    title: text('Title', FORUM_TITLE_MAX_LENGTH),
    content: text('Content', FORUM_POST_MAX_LENGTH),
    tags: TagsSchema,
  })
  .partial()
  .refine((b) => b.title !== undefined || b.content !== undefined || b.tags !== undefined, 'Nothing to change');

export const CreateForumReplyBodySchema = z.object({
  content: text('Reply', FORUM_REPLY_MAX_LENGTH),
  userId: ClaimedUserIdSchema,
});
export const ForumReportBodySchema = z.object({ reason: text('Reason', 500), replyId: IdSchema.optional() });
export const ForumHideBodySchema = z.object({ hidden: z.boolean() });
export const ForumReplyParamsSchema = z.object({ id: IdSchema, replyId: IdSchema });

// ---- The keyset cursor ---------------------------------------------------------------------------------------------
// The last row of a page, in the order of the page: the next page starts strictly after it, so rows inserted meanwhile
// never shift a page (no offset). Trending also fixes the time its scores were computed at.

export type ForumCursor =
  | { sort: 'recent'; at: string; id: number }
  | { sort: 'top'; likes: number; id: number }
  | { sort: 'trending'; asOf: string; score: number; id: number }
  | { sort: 'search'; rank: number; id: number };

// A cursor comes back from the client: each part is checked to be what the list could have given out (a real instant
// to the microsecond, a count or id that fits an integer column, a finite score), so none reaches a query as an error.
const ISO_US = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const NUM = /^-?\d{1,20}(\.\d{1,20})?(e-?\d{1,3})?$/;
const ID = /^\d{1,10}$/;
const INT_MAX = 2_147_483_647;
const isInstant = (s: string) => ISO_US.test(s) && isUtcInstant(s);
const isInt = (s: string) => ID.test(s) && Number(s) <= INT_MAX;
const isScore = (s: string) => NUM.test(s) && Number.isFinite(Number(s));

export function encodeForumCursor(c: ForumCursor): string {
  switch (c.sort) {
    case 'recent':
      return `r_${c.at}_${c.id}`;
    case 'top':
      return `p_${c.likes}_${c.id}`;
    case 'trending':
      return `t_${c.asOf}_${c.score}_${c.id}`;
    case 'search':
      return `s_${c.rank}_${c.id}`;
  }
}

export function decodeForumCursor(s: string): ForumCursor | null {
  const [kind, a, b, c, extra] = s.split('_');
  if (extra !== undefined || kind === undefined || a === undefined || b === undefined) return null;
  if (kind === 'r' && c === undefined && isInstant(a) && isInt(b)) return { sort: 'recent', at: a, id: Number(b) };
  if (kind === 'p' && c === undefined && isInt(a) && isInt(b)) return { sort: 'top', likes: Number(a), id: Number(b) };
  if (kind === 's' && c === undefined && isScore(a) && isInt(b))
    return { sort: 'search', rank: Number(a), id: Number(b) };
  if (kind === 't' && c !== undefined && isInstant(a) && isScore(b) && isInt(c))
    return { sort: 'trending', asOf: a, score: Number(b), id: Number(c) };
  return null;
}

export const ForumPostsQuerySchema = z
  .object({
    category: z
      .enum(FORUM_CATEGORIES, { error: 'Choose a category: all, general, technical, marketplace or reviews' })
      .default('all'),
    search: z
      .string()
      .trim()
      .max(200, 'Search must be at most 200 characters')
      .optional()
      .transform((s) => (s ? s : undefined)),
    sort: z.enum(FORUM_SORTS, { error: 'Sort is recent, trending or top' }).default('recent'),
    following: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    cursor: z
      .string()
      .max(200)
      .transform((s, ctx) => {
        const c = decodeForumCursor(s);
        if (!c) {
          ctx.addIssue({ code: 'custom', message: 'Not a cursor this list gave out' });
          return z.NEVER;
        }
        return c;
      })
      .optional(),
  })
  .refine((q) => !q.cursor || q.cursor.sort === (q.search ? 'search' : q.sort), {
    message: 'The cursor belongs to another ordering',
    path: ['cursor'],
  });
export type ForumPostsQuery = z.output<typeof ForumPostsQuerySchema>;

// ---- What is read ---------------------------------------------------------------------------------------------------

/** The author. The spec's shape names an email too; members' addresses are not published on a public page. */
const ForumUserSchema = z.object({ id: z.number().int(), name: z.string() });
/** A piece of text and whether it matched the search: the page marks matches without ever rendering HTML. */
export const HighlightSegmentSchema = z.object({ text: z.string(), match: z.boolean() });
export type HighlightSegment = z.infer<typeof HighlightSegmentSchema>;

export const ForumReplySchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  userId: z.number().int(),
  content: z.string(),
  likes: z.number().int(),
  createdAt: IsoDateSchema,
  user: ForumUserSchema,
  /** Hidden by a moderator: only its author (and admins) still see it, marked. */
  hidden: z.boolean(),
  likedByMe: z.boolean(),
});
export type ForumReply = z.infer<typeof ForumReplySchema>;

export const ForumPostSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  category: z.string(),
  title: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
  likes: z.number().int(),
  replies: z.number().int(),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
  user: ForumUserSchema,
  recentReplies: z.array(ForumReplySchema),
  hidden: z.boolean(),
  likedByMe: z.boolean(),
  /** With a search: the title and an excerpt of the content, matches marked. */
  highlight: z.object({ title: z.array(HighlightSegmentSchema), content: z.array(HighlightSegmentSchema) }).nullable(),
});
export type ForumPost = z.infer<typeof ForumPostSchema>;

export const ForumCountsSchema = z.object({
  all: z.number().int(),
  general: z.number().int(),
  technical: z.number().int(),
  marketplace: z.number().int(),
  reviews: z.number().int(),
});
export type ForumCounts = z.infer<typeof ForumCountsSchema>;

export const ForumPageSchema = z.object({
  posts: z.array(ForumPostSchema),
  nextCursor: z.string().nullable(),
  counts: ForumCountsSchema,
});
export type ForumPage = z.infer<typeof ForumPageSchema>;

export const ForumThreadSchema = ForumPostSchema.extend({
  /** Every visible reply, oldest first. */
  allReplies: z.array(ForumReplySchema),
  followingAuthor: z.boolean(),
  /** Whether the reader may still edit it (the author, within the edit window, while not hidden). */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type ForumThread = z.infer<typeof ForumThreadSchema>;

export const ForumLikeResultSchema = z.object({ liked: z.boolean(), likes: z.number().int() });
export const FollowResultSchema = z.object({ following: z.boolean(), followers: z.number().int() });

export const ForumReportSchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  replyId: z.number().int().nullable(),
  postTitle: z.string(),
  excerpt: z.string(),
  reason: z.string(),
  reporter: ForumUserSchema,
  hidden: z.boolean(),
  createdAt: IsoDateSchema,
});
export const ForumReportListSchema = z.array(ForumReportSchema);
