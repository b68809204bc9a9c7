// Talk about an auction has a stream of its own: a chat line or a comment never waits for the auction row a bid
// holds, each is numbered on the chat stream, and an auction not yet public takes none.
import { expect, it } from 'vitest';
import { streams } from '@app/shared';
import { lockAuction } from '../../src/auctions/auction-lock.js';
import { listChatMessages, postChatMessage } from '../../src/chat/chat.js';
import { postComment } from '../../src/chat/comments.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { createAuction, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();

it('posts chat and comments while a bid holds the auction row, numbered in order on the chat stream', async () => {
  const auctionId = await createAuction(ctx.sql);
  const user = { ...(await createUser(ctx.sql)), isPremium: false };
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const bid = ctx.sql.begin(async (tx) => {
    await lockAuction(tx, auctionId);
    await held;
  });
  try {
    const line = await postChatMessage(ctx, { auctionId, user, message: 'Lovely car' });
    const comment = await postComment(ctx, { auctionId, user, content: 'Any service history?' });
    expect(line).toMatchObject({ message: 'Lovely car', user: { id: user.id } });
    expect(comment).toMatchObject({ content: 'Any service history?' });
  } finally {
    release();
    await bid;
  }
  const talk = (await ctx.published()).filter((e) => e.stream === streams.auctionChat(auctionId));
  expect(talk.map((e) => [e.type, e.seq])).toEqual([
    ['chat.message', 1],
    ['comment.posted', 2],
  ]);
  expect((await listChatMessages(ctx.sql, auctionId)).map((m) => m.message)).toEqual(['Lovely car']);
});

it('finds no auction to talk about before it is approved', async () => {
  const pending = await createAuction(ctx.sql, { status: 'pending' });
  const user = { ...(await createUser(ctx.sql)), isPremium: false };
  await expect(postChatMessage(ctx, { auctionId: pending, user, message: 'Hello' })).rejects.toMatchObject({
    status: 404,
  });
});
