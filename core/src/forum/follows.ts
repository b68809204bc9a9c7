// Following a member: their posts appear under the forum's "Following" filter.
import type { Sql } from 'postgres';
import { Invalid, NotFound } from '../errors.js';

export async function setFollow(
  sql: Sql,
  followerId: number,
  followingId: number,
  follow: boolean,
): Promise<{ following: boolean; followers: number }> {
  if (followerId === followingId) throw new Invalid('You cannot follow yourself');
  const [user] = await sql`select 1 from users where id = ${followingId}`;
  if (!user) throw new NotFound('Member not found');
  if (follow) {
    await sql`insert into user_follows (follower_id, following_id) values (${followerId}, ${followingId}) on conflict do nothing`;
  } else {
    await sql`delete from user_follows where follower_id = ${followerId} and following_id = ${followingId}`;
  }
  const [row] = await sql<
    { n: number }[]
  >`select count(*)::int as n from user_follows where following_id = ${followingId}`;
  return { following: follow, followers: row!.n };
}
