import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  AnsweredQuestionListSchema,
  CommentListSchema,
  CommentSchema,
  type Comment,
  type PostCommentBodySchema,
} from '@app/shared';
import { apiRequest, readQuery } from '../../../lib/api-client';
import type { BodyOf } from '../../../lib/contract';

export const commentsQueryKey = (auctionId: number) => [`/api/auctions/${auctionId}/comments`] as const;

export const commentsQuery = (auctionId: number) =>
  queryOptions({ queryKey: commentsQueryKey(auctionId), queryFn: readQuery(CommentListSchema) });

export const useComments = (auctionId: number) => useQuery(commentsQuery(auctionId));

export const questionsQueryKey = (auctionId: number) => [`/api/auctions/${auctionId}/questions`] as const;
export const useAnsweredQuestions = (auctionId: number) =>
  useQuery({ queryKey: questionsQueryKey(auctionId), queryFn: readQuery(AnsweredQuestionListSchema) });

export const postComment = (auctionId: number, content: string, replyTo?: number): Promise<Comment> =>
  apiRequest('POST', '/api/comments', CommentSchema, {
    body: { auctionId, content, ...(replyTo === undefined ? {} : { replyTo }) } satisfies BodyOf<
      typeof PostCommentBodySchema
    >,
  });
