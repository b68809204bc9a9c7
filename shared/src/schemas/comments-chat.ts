import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH, COMMENT_MAX_LENGTH } from '../constants.js';
import { ClaimedUserIdSchema, IdSchema, IsoDateSchema } from './common.js';

export const CommentSchema = z.object({
  id: z.number().int(),
  auctionId: z.number().int(),
  content: z.string(),
  timestamp: IsoDateSchema,
  user: z.object({ id: z.number().int(), name: z.string() }),
  /** Written by the car's seller: the page shows a Seller badge. */
  isSeller: z.boolean(),
  /** The comment this one replies to; the seller's reply to a question is its answer. */
  replyTo: z.number().int().nullable(),
});
export type Comment = z.infer<typeof CommentSchema>;
export const CommentListSchema = z.array(CommentSchema);

/** A question the seller answered, pinned above the comments with the seller's answers, oldest first. */
export const AnsweredQuestionSchema = z.object({ question: CommentSchema, answers: z.array(CommentSchema).min(1) });
export const AnsweredQuestionListSchema = z.array(AnsweredQuestionSchema);
export type AnsweredQuestion = z.infer<typeof AnsweredQuestionSchema>;

export const PostCommentBodySchema = z.object({
  auctionId: IdSchema,
  content: z
    .string()
    .trim()
    .min(1, 'Comment cannot be empty')
    .max(COMMENT_MAX_LENGTH, `Comment must be at most ${COMMENT_MAX_LENGTH} characters`),
  /** Replying to a comment of the same auction (the seller answering a question). */
  replyTo: IdSchema.optional(),
  userId: ClaimedUserIdSchema,
});

export const ChatMessageSchema = z.object({
  id: z.number().int(),
  auctionId: z.number().int(),
  message: z.string(),
  timestamp: IsoDateSchema,
  isSystemMessage: z.boolean(),
  user: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  /** Written by the car's seller: the chat shows a Seller badge. */
  isSeller: z.boolean(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
export const ChatMessageListSchema = z.array(ChatMessageSchema);

export const PostChatMessageBodySchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, 'Message cannot be empty')
    .max(CHAT_MESSAGE_MAX_LENGTH, `Message must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`),
  userId: ClaimedUserIdSchema,
});

export const ChatMessagesQuerySchema = z.object({ after: IdSchema.optional() });
