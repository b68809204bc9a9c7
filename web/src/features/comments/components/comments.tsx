import { useEffect, useRef, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { relativeTime } from '@app/shared';
import { userMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDraft } from '../../../lib/draft';
import { commentsQueryKey, postComment, useComments } from '../api/comments';
import { useCommentEvents } from '../hooks/use-comment-events';
import { Button, Textarea } from '../../../components/ui';

export function Comments({ auctionId }: { auctionId: number }) {
  const comments = useComments(auctionId);
  useCommentEvents(auctionId);
  const queryClient = useQueryClient();
  // A visitor who writes a comment and is sent to sign in comes back to it: the draft is kept for this tab.
  const draft = useDraft(`comment-draft:${auctionId}`);
  const content = draft.value;
  const setContent = draft.set;
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!draft.restored) return;
    box.current?.scrollIntoView({ block: 'center' });
    box.current?.focus();
  }, [draft.restored]);
  const post = useMutation({
    mutationFn: (text: string) => postComment(auctionId, text),
    onSuccess: () => {
      setContent('');
      toast({ title: 'Comment posted!', description: 'Your comment has been added.' });
      void queryClient.invalidateQueries({ queryKey: commentsQueryKey(auctionId) });
    },
    onError: (err) => {
      toast({
        title: 'Failed to post comment',
        description: userMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (content.trim() === '') return;
    post.mutate(content.trim());
  };
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 className="text-xl font-semibold">Comments &amp; questions</h2>
      <form onSubmit={submit} className="mt-4 space-y-3">
        <label className="block">
          <span className="sr-only">Your comment</span>
          <Textarea
            ref={box}
            data-testid="comment-input"
            required
            maxLength={2000}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            rows={3}
            placeholder="Ask the seller a question or share your thoughts"
          />
        </label>
        <Button type="submit" disabled={post.isPending || content.trim() === ''} variant="dark">
          {post.isPending ? 'Posting…' : 'Post Comment'}
        </Button>
      </form>
      <ul className="mt-6 space-y-4">
        {comments.isLoading && <li className="text-slate-500">Loading comments…</li>}
        {comments.data?.length === 0 && <li className="text-slate-500">No comments yet. Be the first to ask.</li>}
        {comments.data?.map((c) => (
          <li key={c.id} className="border-b border-slate-100 pb-3">
            <p className="text-sm">
              <span className="font-semibold">{c.user.name}</span>{' '}
              <span className="text-slate-500">· {relativeTime(c.timestamp)}</span>
            </p>
            <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{c.content}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
