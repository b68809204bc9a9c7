// What members reported in the forum, and an admin's hide / show of a post or a reply.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ForumReportListSchema } from '@app/shared';
import { apiSend, readQuery } from '../../../lib/api-client';

export const forumReportsQueryKey = ['/api/admin/forum/reports'] as const;

export const useForumReports = () =>
  useQuery(queryOptions({ queryKey: forumReportsQueryKey, queryFn: readQuery(ForumReportListSchema) }));

export const setForumHidden = (target: { postId: number; replyId: number | null }, hidden: boolean) =>
  apiSend(
    'POST',
    target.replyId === null
      ? `/api/admin/forum/posts/${target.postId}/hide`
      : `/api/admin/forum/posts/${target.postId}/replies/${target.replyId}/hide`,
    { body: { hidden } },
  );
