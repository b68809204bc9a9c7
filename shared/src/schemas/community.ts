import { z } from 'zod';
import { FORUM_CATEGORIES } from '../constants.js';
import { IsoDateSchema } from './common.js';

export const ForumPostsQuerySchema = z.object({
  category: z.enum(FORUM_CATEGORIES).default('all'),
  search: z.string().trim().max(200).optional(),
});

const ForumUserSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export const ForumReplySchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  userId: z.number().int(),
  content: z.string(),
  likes: z.number().int(),
  createdAt: IsoDateSchema,
  user: ForumUserSchema,
});
export const ForumPostSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  category: z.string(),
  title: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
  likes: z.number().int(),
  replies: z.number().int(),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
  user: ForumUserSchema,
  recentReplies: z.array(ForumReplySchema),
});
export type ForumPost = z.infer<typeof ForumPostSchema>;

