import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  FollowResultSchema,
  ForumLikeResultSchema,
  ForumPageSchema,
  ForumReplySchema,
  type ForumPage,
  ForumThreadSchema,
  type CreateForumPostBody,
  type ForumSort,
  type ForumThread,
} from '@app/shared';
import { apiRequest, apiSend, readQuery } from '../../../lib/api-client';

export interface ForumFilter {
  category: 'all' | 'general' | 'technical' | 'marketplace' | 'reviews';
  search: string;
  sort: ForumSort;
  following: boolean;
}

/** The list as /community opens it. */
export const FIRST_FORUM_FILTER: ForumFilter = { category: 'all', search: '', sort: 'recent', following: false };

export const forumListKey = ['/api/forum/posts'] as const;
export const forumListQueryKey = (f: ForumFilter) => [...forumListKey, f] as const;

function listUrl(f: ForumFilter, cursor: string | null): string {
  const params = new URLSearchParams({ category: f.category, sort: f.sort });
  if (f.search.trim()) params.set('search', f.search.trim());
  if (f.following) params.set('following', 'true');
  if (cursor) params.set('cursor', cursor);
  return `/api/forum/posts?${params.toString()}`;
}

/** Pages follow the server's cursor: "Load More Posts" asks for the rows after the last one shown, never an offset. */
export const forumListQuery = (f: ForumFilter) =>
  infiniteQueryOptions({
    queryKey: forumListQueryKey(f),
    queryFn: ({ pageParam }) => apiRequest('GET', listUrl(f, pageParam), ForumPageSchema),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/**
 * `queryClient` with the answer to /community's first request (`GET /api/forum/posts?category=all&sort=recent`) as
 * the list's first page: the page's first screen drawn on the server (app/first-screens.tsx).
 */
export function seedFirstForumPage(queryClient: QueryClient, answer: unknown): void {
  queryClient.setQueryData(forumListQuery(FIRST_FORUM_FILTER).queryKey, {
    pages: [ForumPageSchema.parse(answer) as ForumPage],
    pageParams: [null],
  });
}

export const threadQueryKey = (id: number) => [`/api/forum/posts/${id}`] as const;
export const threadQuery = (id: number) =>
  queryOptions({ queryKey: threadQueryKey(id), queryFn: readQuery(ForumThreadSchema) });

export const createForumPost = (body: CreateForumPostBody): Promise<ForumThread> =>
  apiRequest('POST', '/api/forum/posts', ForumThreadSchema, { body });

export const replyToPost = (postId: number, content: string) =>
  apiRequest('POST', `/api/forum/posts/${postId}/replies`, ForumReplySchema, { body: { content } });

export const setPostLike = (postId: number, like: boolean) =>
  apiRequest(like ? 'POST' : 'DELETE', `/api/forum/posts/${postId}/like`, ForumLikeResultSchema);

export const setReplyLike = (postId: number, replyId: number, like: boolean) =>
  apiRequest(like ? 'POST' : 'DELETE', `/api/forum/posts/${postId}/replies/${replyId}/like`, ForumLikeResultSchema);

export const setFollow = (userId: number, follow: boolean) =>
  apiRequest(follow ? 'POST' : 'DELETE', `/api/users/${userId}/follow`, FollowResultSchema);

export const reportPost = (postId: number, reason: string, replyId?: number) =>
  apiSend('POST', `/api/forum/posts/${postId}/report`, { body: { reason, ...(replyId ? { replyId } : {}) } });

export const deletePost = (postId: number) => apiSend('DELETE', `/api/forum/posts/${postId}`);

export const editPost = (postId: number, body: { title: string; content: string }) =>
  apiRequest('PATCH', `/api/forum/posts/${postId}`, ForumThreadSchema, { body });
