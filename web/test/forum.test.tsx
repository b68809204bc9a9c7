// The forum as drawn: what a member types stays text (a URL is never a link), the spec's sample posts appear only
// while the server has no posts at all, and the post forms refuse what the shared contract refuses.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ForumCounts, ForumPage, ForumPost, ForumReply, ForumThread } from '@app/shared';
import { CommunityPage, DiscussionPage } from '../src/features/forum';
import { NewPostForm } from '../src/features/forum/components/new-post-form';
import { EditPostForm } from '../src/features/forum/components/edit-post-form';
import { renderRoutes, resetAfterEach } from './support/render-routes';

const PHISH = 'https://evil.example/login';
const user = { id: 3, name: 'Dana' };
const reply: ForumReply = {
  id: 11,
  postId: 7,
  userId: 4,
  content: `Careful, that is ${PHISH} again`,
  likes: 0,
  createdAt: '2025-05-01T10:00:00.000Z',
  user: { id: 4, name: 'Lee' },
  hidden: false,
  likedByMe: false,
};
const post: ForumPost = {
  id: 7,
  userId: user.id,
  category: 'general',
  title: 'Found a great deal',
  tags: [],
  content: `See ${PHISH} for details.\n\nOr <a href="${PHISH}">click here</a>.`,
  likes: 2,
  replies: 1,
  createdAt: '2025-05-01T09:00:00.000Z',
  updatedAt: '2025-05-01T09:00:00.000Z',
  user,
  recentReplies: [reply],
  hidden: false,
  likedByMe: false,
  highlight: null,
};
const thread: ForumThread = { ...post, allReplies: [reply], followingAuthor: false, canEdit: false, canDelete: false };
const counts = (all: number): ForumCounts => ({ all, general: all, technical: 0, marketplace: 0, reviews: 0 });

/** The server: the session (signed out), the forum list and the discussion, as the given answers. */
function serve(list: ForumPage) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const body = url.startsWith('/api/auth/session')
        ? { user: null, admin: null }
        : url.startsWith('/api/forum/posts?')
          ? list
          : url === '/api/forum/posts/7'
            ? thread
            : null;
      return body === null
        ? new Response('{"error":"Not found"}', { status: 404 })
        : new Response(JSON.stringify(body), { status: 200 });
    }),
  );
}

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/community', element: <CommunityPage /> },
      { path: '/community/:id', element: <DiscussionPage /> },
    ],
    path,
  );

/** Anchors that point at, or show, what a member typed. */
const typedLinks = (root: HTMLElement) =>
  [...root.querySelectorAll('a')].filter(
    (a) =>
      a.getAttribute('href')?.includes('evil.example') ||
      a.textContent?.includes('evil.example') ||
      a.textContent === 'click here',
  );

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

/** A server that answers every write with `status` and `body`, and records what it was sent. */
function answerWrites(status: number, body: unknown) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({
        method: init?.method ?? 'GET',
        url: String(input),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      return Response.json(body, { status });
    }),
  );
  return sent;
}
const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const renderAlone = (element: React.ReactElement) => renderRoutes([{ path: '/', element }], '/');

describe('the new post form', () => {
  it("shows the contract's message under each field and sends nothing until they are fixed", async () => {
    const sent = answerWrites(201, thread);
    renderAlone(<NewPostForm onPosted={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect((await screen.findByTestId('error-title')).textContent).toBe('Title is required');
    expect(screen.getByTestId('error-content').textContent).toBe('Content is required');
    type(/^Tags/, 'a, b, c, d, e, f');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect((await screen.findByTestId('error-tags')).textContent).toBe('At most 5 tags');
    expect(sent).toEqual([]);
  });

  it('sends the post with its tags split, trimmed, lowercased and once each', async () => {
    const sent = answerWrites(201, thread);
    const onPosted = vi.fn();
    renderAlone(<NewPostForm onPosted={onPosted} onCancel={vi.fn()} />);
    type('Title', '  Garage lift for a low car?  ');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'technical' } });
    type(/^Tags/, 'Garage, lift,, garage ');
    type('Content', 'Looking at two-post lifts.');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onPosted).toHaveBeenCalledWith(thread));
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/forum/posts',
        body: {
          title: 'Garage lift for a low car?',
          content: 'Looking at two-post lifts.',
          category: 'technical',
          tags: ['garage', 'lift'],
        },
      },
    ]);
  });

  it("puts the server's refusal back on its field", async () => {
    answerWrites(400, {
      error: 'Invalid request',
      issues: [
        { path: ['title'], message: 'Title contains characters that cannot be shown' },
        { path: ['title'], message: 'second' },
      ],
    });
    renderAlone(<NewPostForm onPosted={vi.fn()} onCancel={vi.fn()} />);
    type('Title', 'Fine here');
    type('Content', 'Fine too');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect((await screen.findByTestId('error-title')).textContent).toBe(
      'Title contains characters that cannot be shown',
    );
  });
});

describe('the edit post form', () => {
  it('refuses an emptied title without sending, then saves the change', async () => {
    const saved = { ...thread, title: 'A better deal' };
    const sent = answerWrites(200, saved);
    const onDone = vi.fn();
    renderAlone(<EditPostForm thread={thread} onDone={onDone} />);
    expect((screen.getByLabelText('Content') as HTMLTextAreaElement).value).toBe(thread.content);
    type('Title', '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('edit-error')).textContent).toBe('Title is required');
    expect(sent).toEqual([]);
    type('Title', 'A better deal');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(saved));
    expect(sent).toEqual([
      { method: 'PATCH', url: '/api/forum/posts/7', body: { title: 'A better deal', content: thread.content } },
    ]);
  });

  it("shows the server's refusal", async () => {
    answerWrites(403, { error: 'Posts can be edited for 24 hours after posting' });
    const onDone = vi.fn();
    renderAlone(<EditPostForm thread={thread} onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('edit-error')).textContent).toBe(
      'Posts can be edited for 24 hours after posting',
    );
    expect(onDone).not.toHaveBeenCalled();
  });
});
