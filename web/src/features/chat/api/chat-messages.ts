import {
  ChatMessageListSchema,
  ChatMessageSchema,
  type ChatMessage,
  type PostChatMessageBodySchema,
} from '@app/shared';
import { apiRequest } from '../../../lib/api-client';
import type { BodyOf } from '../../../lib/contract';

/** The auction's messages after `afterId` (all of them from 0); the chat polls this while it is open. */
export const getChatMessages = (auctionId: number, afterId: number): Promise<ChatMessage[]> =>
  apiRequest('GET', `/api/chat/messages/${auctionId}${afterId ? `?after=${afterId}` : ''}`, ChatMessageListSchema);

export const postChatMessage = (auctionId: number, message: string): Promise<ChatMessage> =>
  apiRequest('POST', `/api/chat/messages/${auctionId}`, ChatMessageSchema, {
    body: { message } satisfies BodyOf<typeof PostChatMessageBodySchema>,
  });
