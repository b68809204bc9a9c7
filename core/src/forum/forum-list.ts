// The forum's list: one page in keyset order (never an offset), the live tab counts, search ranked and highlighted.
import type { Sql } from 'postgres';
import {
  FORUM_PAGE_SIZE,
  TRENDING_AGE_OFFSET_HOURS,
  TRENDING_GRAVITY,
  TRENDING_REPLY_WEIGHT,
  encodeForumCursor,
  type ForumCounts,
  type ForumCursor,
  type ForumPage,
  type ForumPostsQuery,
} from '@app/shared';
import { Unauthorized } from '../errors.js';
import { MATCH_START, MATCH_STOP, toPost, type PostRow } from './forum-rows.js';

/** Timestamps travel in cursors to the microsecond, as Postgres keeps them: milliseconds would skip or repeat rows. */
export const US_FORMAT = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

export interface Viewer {
  userId: number | null;
  isAdmin: boolean;
}

export async function forumCounts(sql: Sql): Promise<ForumCounts> {
  // Kept by a trigger on forum_posts (migration 0031): every insert, delete, hide and show moves it in its own transaction.
  const rows = await sql<
    { category: keyof ForumCounts; n: number }[]
  >`select category, posts as n from forum_category_counts`;
  const counts: ForumCounts = { all: 0, general: 0, technical: 0, marketplace: 0, reviews: 0 };
  for (const r of rows) {
    counts[r.category] = r.n;
    counts.all += r.n;
  }
  return counts;
}

export async function listForumPosts(sql: Sql, q: ForumPostsQuery, viewer: Viewer): Promise<ForumPage> {
  if (q.following && viewer.userId === null) throw new Unauthorized('Sign in to see posts from people you follow');
  const me = viewer.userId ?? 0;
  const order: ForumCursor['sort'] = q.search ? 'search' : q.sort;
  const cursor = q.cursor;
  const asOf =
    cursor?.sort === 'trending'
      ? cursor.asOf
      : order === 'trending'
        ? (await sql<{ now: string }[]>`select to_char(now() at time zone 'UTC', ${US_FORMAT}) as now`)[0]!.now
        : null;

  const key = {
    recent: sql`0::float8`,
    top: sql`p.likes::float8`,
    trending: sql`(1 + p.likes + ${TRENDING_REPLY_WEIGHT} * p.replies)::float8
      / power(greatest(0, extract(epoch from (${asOf}::timestamptz - p.last_activity_at)) / 3600) + ${TRENDING_AGE_OFFSET_HOURS}, ${TRENDING_GRAVITY})`,
    search: sql`ts_rank(p.search, tq)::float8`,
  }[order];
  const after = !cursor
    ? sql``
    : cursor.sort === 'recent'
      ? sql`and (p.created_at, p.id) < (${cursor.at}::timestamptz, ${cursor.id})`
      : cursor.sort === 'top'
        ? sql`and (p.likes, p.id) < (${cursor.likes}, ${cursor.id})`
        : cursor.sort === 'trending'
          ? sql`and (${key}, p.id) < (${cursor.score}::float8, ${cursor.id})`
          : sql`and (${key}, p.id) < (${cursor.rank}::float8, ${cursor.id})`;
  const orderBy = order === 'recent' ? sql`p.created_at desc, p.id desc` : sql`k desc, p.id desc`;
  const outerOrder = order === 'recent' ? sql`p.created_at desc, p.id desc` : sql`pg.k desc, p.id desc`;

  // The tab counts are read beside the page, not after it.
  const counts = forumCounts(sql);
  // Awaited below; if the page fails first, its failure is the one reported.
  counts.catch(() => {});
  const rows = await sql<(PostRow & { k: number; createdKey: string })[]>`
    with page as (
      -- Only the key columns travel through the sort: every matching row is ranked, only a page is read in full.
      select p.id, ${key} as k, ${q.search ? sql`tq` : sql`null::tsquery`} as tq
      -- The query is parsed once, in FROM: inline, a prepared (generic) plan would parse it again for every row.
      from forum_posts p ${q.search ? sql`, websearch_to_tsquery('english', ${q.search}) tq` : sql``}
      where (p.hidden_at is null or p.user_id = ${me})
        ${q.category === 'all' ? sql`` : sql`and p.category = ${q.category}`}
        ${q.following ? sql`and p.user_id in (select following_id from user_follows where follower_id = ${me})` : sql``}
        ${q.search ? sql`and p.search @@ tq` : sql``}
        ${after}
      order by ${orderBy}
      limit ${FORUM_PAGE_SIZE + 1}
    )
    select p.id, p.user_id, u.name as user_name, p.category, p.title, p.content, p.tags, p.likes, p.replies,
           p.created_at, p.updated_at, p.hidden_at is not null as hidden, pg.k,
           to_char(p.created_at at time zone 'UTC', ${US_FORMAT}) as created_key,
           exists (select 1 from forum_post_likes l where l.post_id = p.id and l.user_id = ${me}) as liked_by_me,
           ${q.search ? sql`ts_headline('english', p.title, pg.tq, ${`StartSel=${MATCH_START}, StopSel=${MATCH_STOP}, HighlightAll=true`})` : sql`null`} as title_marked,
           ${q.search ? sql`ts_headline('english', p.content, pg.tq, ${`StartSel=${MATCH_START}, StopSel=${MATCH_STOP}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`})` : sql`null`} as content_marked,
           (select json_build_object('id', r.id, 'postId', r.post_id, 'userId', r.user_id, 'userName', ru.name,
                                     'content', r.content, 'likes', r.likes, 'createdAt', r.created_at,
                                     'hidden', r.hidden_at is not null,
                                     'likedByMe', exists (select 1 from forum_reply_likes rl where rl.reply_id = r.id and rl.user_id = ${me}))
              from forum_replies r join users ru on ru.id = r.user_id
             where r.post_id = p.id and (r.hidden_at is null or r.user_id = ${me})
             order by r.created_at desc, r.id desc limit 1) as last_reply
    from page pg join forum_posts p on p.id = pg.id join users u on u.id = p.user_id
    order by ${outerOrder}`;

  const more = rows.length > FORUM_PAGE_SIZE;
  const page = rows.slice(0, FORUM_PAGE_SIZE);
  const last = page.at(-1);
  let nextCursor: string | null = null;
  if (more && last) {
    nextCursor = encodeForumCursor(
      order === 'recent'
        ? { sort: 'recent', at: last.createdKey, id: last.id }
        : order === 'top'
          ? { sort: 'top', likes: last.likes, id: last.id }
          : order === 'trending'
            ? { sort: 'trending', asOf: asOf!, score: last.k, id: last.id }
            : { sort: 'search', rank: last.k, id: last.id },
    );
  }
  return { posts: page.map(toPost), nextCursor, counts: await counts };
}
