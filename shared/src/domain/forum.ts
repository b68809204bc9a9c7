// The forum's decisions: how trending ranks, and who may edit or delete a post. The API's SQL computes the same
// trending score (core/src/forum/forum-list.ts), and a test holds the two together.
import { FORUM_EDIT_WINDOW_HOURS } from '../constants.js';
import { ALLOWED, refuse, type Verdict } from './refusal.js';

/** Weight of a reply against a like: a reply is a conversation, a like is a nod. */
export const TRENDING_REPLY_WEIGHT = 2;
/** How fast interest fades with hours since the last activity (the larger, the faster). */
export const TRENDING_GRAVITY = 1.5;
/** Hours added to the age so a brand-new post does not divide by almost zero. */
export const TRENDING_AGE_OFFSET_HOURS = 2;

/**
 * score = (1 + likes + 2 x replies) / (hours since last activity + 2) ^ 1.5
 * The last activity is the newest reply (or the post itself), so a discussion that is talked about now rises and one
 * that went quiet sinks, however many likes it once gathered.
 */
export function trendingScore(p: { likes: number; replies: number; lastActivityAt: Date }, asOf: Date): number {
  const hours = Math.max(0, (asOf.getTime() - p.lastActivityAt.getTime()) / 3_600_000);
  return (
    (1 + p.likes + TRENDING_REPLY_WEIGHT * p.replies) / Math.pow(hours + TRENDING_AGE_OFFSET_HOURS, TRENDING_GRAVITY)
  );
}

interface PostFacts {
  authorId: number;
  createdAt: Date;
  hidden: boolean;
}

/** The author edits a post for FORUM_EDIT_WINDOW_HOURS after posting it, unless a moderator hid it. */
export function decideForumEdit(post: PostFacts, userId: number, now: Date): Verdict {
  if (post.authorId !== userId) return refuse('forbidden', 'Only the author can edit this post');
  if (post.hidden) return refuse('forbidden', 'A hidden post cannot be edited');
  if (now.getTime() - post.createdAt.getTime() > FORUM_EDIT_WINDOW_HOURS * 3_600_000) {
    return refuse('forbidden', `Posts can be edited for ${FORUM_EDIT_WINDOW_HOURS} hours after posting`);
  }
  return ALLOWED;
}

/** The author deletes their own post at any time (its replies go with it); a moderator hides rather than deletes. */
export function decideForumDelete(post: PostFacts, userId: number): Verdict {
  if (post.authorId !== userId) return refuse('forbidden', 'Only the author can delete this post');
  return ALLOWED;
}
