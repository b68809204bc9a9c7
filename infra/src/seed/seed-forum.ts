// Sample forum discussions (infra/src/seed/sample-forum.ts), each added once by its title and author. Likes are real rows
// from sample members, and every counter is set from the rows, so a seeded post behaves like any other.
import type { Sql } from 'postgres';
import { SAMPLE_FORUM_POSTS } from './sample-forum.js';

export async function seedForum(sql: Sql, authors: number[]): Promise<void> {
  if (authors.length === 0) return;
  const who = (i: number) => authors[i % authors.length]!;
  await sql.begin(async (tx) => {
    for (const p of SAMPLE_FORUM_POSTS) {
      const [exists] = await tx`select 1 from forum_posts where title = ${p.title} and user_id = ${who(p.author)}`;
      if (exists) continue;
      const lastReply = Math.min(p.hoursAgo, ...p.replies.map((r) => r.hoursAgo));
      const [post] = await tx<{ id: number }[]>`
        insert into forum_posts (user_id, category, title, content, tags, created_at, updated_at, last_activity_at)
        values (${who(p.author)}, ${p.category}, ${p.title}, ${p.content}, ${p.tags},
                now() - ${p.hoursAgo} * interval '1 hour', now() - ${p.hoursAgo} * interval '1 hour',
                now() - ${lastReply} * interval '1 hour')
        returning id`;
      for (const r of p.replies) {
        await tx`
          insert into forum_replies (post_id, user_id, content, created_at)
          values (${post!.id}, ${who(r.by)}, ${r.text}, now() - ${r.hoursAgo} * interval '1 hour')`;
      }
      const likers = [...new Set(Array.from({ length: p.likes }, (_, i) => who(p.author + 1 + i)))].filter(
        (id) => id !== who(p.author),
      );
      for (const id of likers)
        await tx`insert into forum_post_likes (post_id, user_id) values (${post!.id}, ${id}) on conflict do nothing`;
    }
    // Counters from the rows, for every sample post (earlier seeds stored bare numbers).
    await tx`
      update forum_posts p
         set likes = (select count(*) from forum_post_likes l where l.post_id = p.id),
             replies = (select count(*) from forum_replies r where r.post_id = p.id)
       where p.title in ${tx(SAMPLE_FORUM_POSTS.map((s) => s.title))}`;
  });
}
