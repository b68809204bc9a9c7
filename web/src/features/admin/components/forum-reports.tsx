import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { relativeTime } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { forumReportsQueryKey, setForumHidden, useForumReports } from '../api/forum-reports';
import { Button } from '../../../components/ui';

/** Forum reports, newest first: an admin hides what breaks the rules (kept in the database, still seen by its author). */
export function ForumReports() {
  const reports = useForumReports();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (r: { postId: number; replyId: number | null; hidden: boolean }) => setForumHidden(r, !r.hidden),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: forumReportsQueryKey }),
    onError: (err) =>
      toast({
        title: 'Could not change visibility',
        description: err instanceof ApiError ? (err.serverMessage ?? err.message) : err.message,
        variant: 'destructive',
      }),
  });
  if (reports.isLoading) return <p className="text-slate-500">Loading reports…</p>;
  if (reports.isError) return <p className="text-red-600">Could not load forum reports.</p>;
  if (!reports.data?.length) return <p className="text-slate-500">No forum reports.</p>;
  return (
    <ul className="space-y-3" data-testid="forum-reports">
      {reports.data.map((r) => (
        <li key={r.id} className="rounded-lg border bg-white p-4 text-sm text-slate-800">
          <p>
            <Link to={`/community/${r.postId}`} className="font-semibold underline">
              {r.postTitle}
            </Link>
            {r.replyId !== null && <span className="text-slate-500"> (a reply)</span>} · reported by {r.reporter.name}{' '}
            {relativeTime(r.createdAt)}
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-slate-600">{r.excerpt}</p>
          <p className="mt-1">Reason: {r.reason}</p>
          <Button
            onClick={() => toggle.mutate({ postId: r.postId, replyId: r.replyId, hidden: r.hidden })}
            variant="outline"
            size="sm"
            className="mt-2"
          >
            {r.hidden ? 'Show again' : 'Hide'}
          </Button>
        </li>
      ))}
    </ul>
  );
}
