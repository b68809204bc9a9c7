// Sample forum posts and replies, added once.
import type { Sql } from 'postgres';

const POSTS = [
  { category: 'marketplace', title: 'How do you set a reserve without scaring bidders?', tags: ['selling', 'reserve'], content: 'Listing my first car next month. What reserve strategy has worked for you: at market, or slightly below to get bidding going?' },
  { category: 'technical', title: 'PPI checklist for a 991.2 Carrera S', tags: ['porsche', 'inspection'], content: 'Sharing the pre-purchase inspection checklist I use: bore scoring check, coolant pipes, PDK service history, suspension bushings...' },
  { category: 'reviews', title: 'Six months with a GR Supra 3.0', tags: ['toyota', 'ownership'], content: 'Daily driven, two track days. Costs, surprises and what I would change.' },
  { category: 'general', title: 'Best way to ship a car across the country?', tags: ['shipping'], content: 'Enclosed vs open transport for a car under $80k. Who have you used?' },
  { category: 'marketplace', title: 'Flipping tips: where is the margin in 2024?', tags: ['dealers', 'flipping'], content: 'Dealers, what segments are still giving you margin after fees and reconditioning?' },
  { category: 'technical', title: 'Reading a vehicle history report like a pro', tags: ['history', 'title'], content: 'Title brands, odometer rollbacks, and the gaps that should make you ask questions.' },
];

const REPLIES = [
  'Great write-up, thanks for sharing.',
  'Same experience here; the inspection paid for itself.',
  'I set the reserve around 90% of comps and it worked well.',
];

export async function seedForum(sql: Sql, authors: number[]): Promise<void> {
  const [existing] = await sql`select 1 from forum_posts limit 1`;
  if (existing || authors.length === 0) return;
  await sql.begin(async (tx) => {
    for (const [i, p] of POSTS.entries()) {
      const [post] = await tx<{ id: number }[]>`
        insert into forum_posts (user_id, category, title, content, tags, likes, replies, created_at, updated_at)
        values (${authors[i % authors.length]!}, ${p.category}, ${p.title}, ${p.content}, ${p.tags}, ${5 + i * 3}, ${2},
                now() - ${(i + 1) * 19} * interval '1 hour', now() - ${(i + 1) * 7} * interval '1 hour')
        returning id`;
      for (let r = 0; r < 2; r += 1) {
        await tx`
          insert into forum_replies (post_id, user_id, content, likes, created_at)
          values (${post!.id}, ${authors[(i + r + 1) % authors.length]!}, ${REPLIES[(i + r) % REPLIES.length]!}, ${r + 1},
                  now() - ${(i + 1) * 5 - r} * interval '1 hour')`;
      }
    }
  });
}
