import { describe, expect, it } from 'vitest';
import {
  CreateForumPostBodySchema,
  ForumPostsQuerySchema,
  decideForumDelete,
  decideForumEdit,
  decodeForumCursor,
  encodeForumCursor,
  trendingScore,
  type ForumCursor,
} from '../src/index.js';

const hours = (h: number) => new Date(Date.UTC(2026, 0, 10) + h * 3_600_000);

describe('forum rules', () => {
  it('lets the author edit for 24 hours unless hidden, and only the author delete', () => {
    const post = { authorId: 7, createdAt: hours(0), hidden: false };
    expect(decideForumEdit(post, 7, hours(23.9)).ok).toBe(true);
    expect(decideForumEdit(post, 7, hours(24.1))).toMatchObject({ ok: false, refusal: { code: 'forbidden' } });
    expect(decideForumEdit(post, 8, hours(1))).toMatchObject({
      ok: false,
      refusal: { message: 'Only the author can edit this post' },
    });
    expect(decideForumEdit({ ...post, hidden: true }, 7, hours(1)).ok).toBe(false);
    expect(decideForumDelete(post, 7).ok).toBe(true);
    expect(decideForumDelete(post, 8).ok).toBe(false);
  });

  it('trending: activity raises a post, time since its last activity lowers it', () => {
    const now = hours(100);
    const base = { likes: 10, replies: 2, lastActivityAt: hours(99) };
    expect(trendingScore(base, now)).toBeCloseTo(15 / Math.pow(3, 1.5));
    expect(trendingScore({ ...base, replies: 3 }, now)).toBeGreaterThan(trendingScore({ ...base, likes: 11 }, now));
    expect(trendingScore({ ...base, lastActivityAt: hours(50) }, now)).toBeLessThan(trendingScore(base, now));
  });
});

describe('forum contracts', () => {
  it('round-trips every cursor and refuses forged ones', () => {
    const cursors: ForumCursor[] = [
      { sort: 'recent', at: '2026-01-10T12:00:00.123456Z', id: 42 },
      { sort: 'top', likes: 17, id: 3 },
      { sort: 'trending', asOf: '2026-01-10T12:00:00.000001Z', score: 0.123456789012345, id: 9 },
      { sort: 'search', rank: 6.0792710578e-8, id: 11 },
    ];
    for (const c of cursors) expect(decodeForumCursor(encodeForumCursor(c))).toEqual(c);
    for (const bad of ['', 'r_2026-01-10_1', 'p_1_2_3', 'x_1_2', 's_NaN_1', "r_2026-01-10T12:00:00.123456Z_1'--"])
      expect(decodeForumCursor(bad)).toBeNull();
    expect(ForumPostsQuerySchema.safeParse({ sort: 'top', cursor: encodeForumCursor(cursors[0]!) }).success).toBe(
      false,
    );
  });

  it('cleans tags (trimmed, lower case, no repeats) and keeps line breaks in content', () => {
    const body = CreateForumPostBodySchema.parse({
      title: ' T ',
      content: 'one\n\ntwo',
      category: 'reviews',
      tags: [' Porsche ', 'porsche', 'GT3'],
    });
    expect(body).toMatchObject({ title: 'T', content: 'one\n\ntwo', tags: ['porsche', 'gt3'] });
    expect(
      CreateForumPostBodySchema.safeParse({ title: 'T', content: 'bell \u0007', category: 'reviews' }).success,
    ).toBe(false);
  });
});
