// The forum as drawn: what a member types stays text (a URL is never a link), and the spec's sample posts appear only
// while the server has no posts at all.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { ForumCounts, ForumPage, ForumPost, ForumReply, ForumThread } from '@app/shared';
import { CommunityPage, DiscussionPage } from '../src/features/forum';
import { renderRoutes, resetAfterEach } from './support/render-routes';

const PHISH = 'https://evil.example/login';
const user = { id: 3, name: 'Dana' };
const reply: ForumReply = {
  id: 11, postId: 7, userId: 4, content: `Careful, that is ${PHISH} again`, likes: 0, createdAt: '2025-05-01T10:00:00.000Z',
  user: { id: 4, name: 'Lee' }, hidden: false, likedByMe: false,
};
const post: ForumPost = {
  id: 7, userId: user.id, category: 'general', title: 'Found a great deal', tags: [],
  content: `See ${PHISH} for details.\n\nOr <a href="${PHISH}">click here</a>.`,
  likes: 2, replies: 1, createdAt: '2025-05-01T09:00:00.000Z', updatedAt: '2025-05-01T09:00:00.000Z', user,
  recentReplies: [reply], hidden: false, likedByMe: false, highlight: null,
};
const thread: ForumThread = { ...post, allReplies: [reply], followingAuthor: false, canEdit: false, canDelete: false };
const counts = (all: number): ForumCounts => ({ all, general: all, technical: 0, marketplace: 0, reviews: 0 });

/** The server: the session (signed out), the forum list and the discussion, as the given answers. */
function serve(list: ForumPage) {
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const body = url.startsWith('/api/auth/session') ? { user: null, admin: null }
      : url.startsWith('/api/forum/posts?') ? list
      : url === '/api/forum/posts/7' ? thread
      : null;
    return body === null ? new Response('{"error":"Not found"}', { status: 404 }) : new Response(JSON.stringify(body), { status: 200 });
  }));
}

const renderAt = (path: string) =>
  renderRoutes([{ path: '/community', element: <CommunityPage /> }, { path: '/community/:id', element: <DiscussionPage /> }], path);

/** Anchors that point at, or show, what a member typed. */
const typedLinks = (root: HTMLElement) =>
  [...root.querySelectorAll('a')].filter((a) => a.getAttribute('href')?.includes('evil.example') || a.textContent?.includes('evil.example') || a.textContent === 'click here');

beforeEach(() => {
  // No gateway in a unit test: the live hooks say so and the pages work without them.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
resetAfterEach();

describe('a post with a URL', () => {
  it('shows the URL and the typed markup as text on the discussion page, with no link to it', async () => {
    serve({ posts: [post], nextCursor: null, counts: counts(1) });
    const { container } = renderAt('/community/7');
    await screen.findByText('Found a great deal');
    expect(screen.getByText(`See ${PHISH} for details.`).tagName).toBe('P');
    expect(screen.getByText(`Or <a href="${PHISH}">click here</a>.`)).toBeTruthy();
    expect(screen.getByText(`Careful, that is ${PHISH} again`)).toBeTruthy();
    expect(typedLinks(container)).toEqual([]);
  });

  it('shows it as text on its card in the list too', async () => {
    serve({ posts: [post], nextCursor: null, counts: counts(1) });
    const { container } = renderAt('/community');
    const excerpt = await screen.findByTestId('forum-post-excerpt');
    expect(excerpt.textContent).toContain(`See ${PHISH} for details.`);
    expect(excerpt.querySelector('a')).toBeNull();
    expect(typedLinks(container)).toEqual([]);
  });
});

describe('the sample posts', () => {
  it('show when the server has no posts at all', async () => {
    serve({ posts: [], nextCursor: null, counts: counts(0) });
    renderAt('/community');
    await screen.findByRole('region', { name: 'Sample posts' });
    expect(screen.getByText('How do you set a reserve without scaring bidders?')).toBeTruthy();
    expect(screen.queryAllByTestId('forum-post')).toHaveLength(0);
  });

  it('never show beside real posts', async () => {
    serve({ posts: [post], nextCursor: null, counts: counts(1) });
    renderAt('/community');
    await screen.findByText('Found a great deal');
    expect(screen.queryByRole('region', { name: 'Sample posts' })).toBeNull();
    expect(screen.queryByText('How do you set a reserve without scaring bidders?')).toBeNull();
  });

  it('never show when posts exist but none is in this list', async () => {
    serve({ posts: [], nextCursor: null, counts: counts(4) });
    renderAt('/community');
    await screen.findByText('No discussions match.');
    expect(screen.queryByRole('region', { name: 'Sample posts' })).toBeNull();
  });
});
