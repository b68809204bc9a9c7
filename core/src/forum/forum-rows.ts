// Rows as the forum's SQL returns them, and how they become the wire shapes.
import type { ForumPost, ForumReply, HighlightSegment } from '@app/shared';

export interface ReplyRow {
  id: number;
  postId: number;
  userId: number;
  userName: string;
  content: string;
  likes: number;
  createdAt: Date;
  hidden: boolean;
  likedByMe: boolean;
}

export interface PostRow {
  id: number;
  userId: number;
  userName: string;
  category: string;
  title: string;
  content: string;
  tags: string[];
  likes: number;
  replies: number;
  createdAt: Date;
  updatedAt: Date;
  hidden: boolean;
  likedByMe: boolean;
  titleMarked: string | null;
  contentMarked: string | null;
  lastReply: ReplyRow | null;
}

export const toReply = (r: ReplyRow): ForumReply => ({
  id: r.id,
  postId: r.postId,
  userId: r.userId,
  content: r.content,
  likes: r.likes,
  createdAt: new Date(r.createdAt).toISOString(),
  user: { id: r.userId, name: r.userName },
  hidden: r.hidden,
  likedByMe: r.likedByMe,
});

/** The markers ts_headline puts around matches: control characters, which no stored post may contain. */
export const MATCH_START = '\u0001';
export const MATCH_STOP = '\u0002';

/** `a \u0001b\u0002 c` -> [{a ,false},{b,true},{ c,false}]: matches as data, never as markup. */
export function markedToSegments(marked: string): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  let match = false;
  let current = '';
  for (const ch of marked) {
    if (ch === MATCH_START || ch === MATCH_STOP) {
      if (current) segments.push({ text: current, match });
      current = '';
      match = ch === MATCH_START;
    } else current += ch;
  }
  if (current) segments.push({ text: current, match });
  return segments;
}

export const toPost = (r: PostRow): ForumPost => ({
  id: r.id,
  userId: r.userId,
  category: r.category,
  title: r.title,
  content: r.content,
  tags: r.tags,
  likes: r.likes,
  replies: r.replies,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  user: { id: r.userId, name: r.userName },
  recentReplies: r.lastReply ? [toReply(r.lastReply)] : [],
  hidden: r.hidden,
  likedByMe: r.likedByMe,
  highlight:
    r.titleMarked !== null && r.contentMarked !== null
      ? { title: markedToSegments(r.titleMarked), content: markedToSegments(r.contentMarked) }
      : null,
});
