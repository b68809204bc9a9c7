// The seller's voice on a listing: a Seller badge on their comments and chat lines, and their replies to questions
// pinned as answers.
import { expect, it } from 'vitest';
import { listChatMessages, postChatMessage } from '../../src/chat/chat.js';
import { listAnsweredQuestions, listComments, postComment } from '../../src/chat/comments.js';
import { DomainError } from '../../src/errors.js';
import { coreContextOfFile } from '../../test-support/core-context.js';
import { createAuction, createUser } from '../../test-support/fixtures.js';

const ctx = coreContextOfFile();
const member = async (name: string) => ({ ...(await createUser(ctx.sql, { name })), isPremium: false });

it('marks the seller’s comments and chat lines, in the lists and in the events', async () => {
  const seller = await member('Sally Seller');
  const bidder = await member('Bob Bidder');
  const auctionId = await createAuction(ctx.sql, { ownerId: seller.id });
  await postComment(ctx, { auctionId, user: bidder, content: 'Any rust?' });
  await postComment(ctx, { auctionId, user: seller, content: 'Welcome, ask away' });
  await postChatMessage(ctx, { auctionId, user: seller, message: 'Seller here' });
  await postChatMessage(ctx, { auctionId, user: bidder, message: 'Hi' });
  const comments = await listComments(ctx.sql, auctionId);
  expect(comments.map((c) => [c.user.name, c.isSeller])).toEqual([
    ['Sally Seller', true],
    ['Bob Bidder', false],
  ]);
  const chat = await listChatMessages(ctx.sql, auctionId);
  expect(chat.map((m) => [m.message, m.isSeller])).toEqual([
    ['Seller here', true],
    ['Hi', false],
  ]);
  const published = (await ctx.published()).filter(
    (e) => (e.type === 'chat.message' || e.type === 'comment.posted') && e.auctionId === auctionId,
  );
  expect(published.map((e) => (e.type === 'chat.message' || e.type === 'comment.posted' ? e.isSeller : null))).toEqual([
    false,
    true,
    true,
    false,
  ]);
});

it('pins the questions the seller answered, with the answers; other replies are only comments', async () => {
  const seller = await member('Sally Seller');
  const a = await member('Ann');
  const b = await member('Ben');
  const auctionId = await createAuction(ctx.sql, { ownerId: seller.id });
  const q1 = await postComment(ctx, { auctionId, user: a, content: 'Service records?' });
  const q2 = await postComment(ctx, { auctionId, user: b, content: 'Original paint?' });
  const own = await postComment(ctx, { auctionId, user: seller, content: 'New tyres fitted' });
  // Another member's reply and the seller replying to their own comment are not answers.
  await postComment(ctx, { auctionId, user: b, content: 'Me too', replyTo: q1.id });
  await postComment(ctx, { auctionId, user: seller, content: 'And new brakes', replyTo: own.id });
  const answer = await postComment(ctx, { auctionId, user: seller, content: 'All of them, since new', replyTo: q1.id });
  expect(answer).toMatchObject({ isSeller: true, replyTo: q1.id });
  const pinned = await listAnsweredQuestions(ctx.sql, auctionId);
  expect(pinned.map((p) => [p.question.id, p.answers.map((x) => x.content)])).toEqual([
    [q1.id, ['All of them, since new']],
  ]);
  await postComment(ctx, { auctionId, user: seller, content: 'Yes, never resprayed', replyTo: q2.id });
  expect((await listAnsweredQuestions(ctx.sql, auctionId)).map((p) => p.question.id)).toEqual([q1.id, q2.id]);
});

it('refuses a reply to a comment of another auction with 400, and writes nothing', async () => {
  const seller = await member('S');
  const here = await createAuction(ctx.sql, { ownerId: seller.id });
  const there = await createAuction(ctx.sql, { ownerId: seller.id });
  const elsewhere = await postComment(ctx, { auctionId: there, user: seller, content: 'x' });
  const err = await postComment(ctx, { auctionId: here, user: seller, content: 'y', replyTo: elsewhere.id }).catch(
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  expect((err as DomainError).status).toBe(400);
  expect(await listComments(ctx.sql, here)).toEqual([]);
});
