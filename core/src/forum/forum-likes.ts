// Likes: one row per member per post or reply, and the counter moved in the same transaction only when a row was
// really added or removed. Concurrent likes queue on the counted row's lock, so the counter always equals the rows.
import { commitWithEvents, type EventDeps } from '@app/infra';
import { NotFound } from '../errors.js';

export interface LikeTarget {
  postId: number;
  replyId: number | null;
}

export async function setForumLike(
  deps: EventDeps,
  userId: number,
  target: LikeTarget,
  like: boolean,
): Promise<{ liked: boolean; likes: number }> {
  return commitWithEvents(deps, async (tx, outbox) => {
    const { postId, replyId } = target;
    const [exists] =
      replyId === null
        ? await tx`select 1 from forum_posts where id = ${postId} and hidden_at is null`
        : await tx`select 1 from forum_replies where id = ${replyId} and post_id = ${postId} and hidden_at is null`;
    if (!exists) throw new NotFound(replyId === null ? 'Discussion not found' : 'Reply not found');

    const changed =
      replyId === null
        ? like
          ? await tx`insert into forum_post_likes (post_id, user_id) values (${postId}, ${userId}) on conflict do nothing returning 1`
          : await tx`delete from forum_post_likes where post_id = ${postId} and user_id = ${userId} returning 1`
        : like
          ? await tx`insert into forum_reply_likes (reply_id, user_id) values (${replyId}, ${userId}) on conflict do nothing returning 1`
          : await tx`delete from forum_reply_likes where reply_id = ${replyId} and user_id = ${userId} returning 1`;
    const delta = changed.length === 0 ? 0 : like ? 1 : -1;
    const [row] =
      replyId === null
        ? await tx<
            { likes: number }[]
          >`update forum_posts set likes = likes + ${delta} where id = ${postId} returning likes`
        : await tx<
            { likes: number }[]
          >`update forum_replies set likes = likes + ${delta} where id = ${replyId} returning likes`;
    const likes = row!.likes;
    // A repeated like (or unlike) changes nothing and tells nobody.
    if (delta !== 0)
      await outbox.append([{ type: 'forum.likes.changed', at: new Date().toISOString(), postId, replyId, likes }]);
    return { liked: like, likes };
  });
}
