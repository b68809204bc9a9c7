import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { relativeTime, type Comment } from '@app/shared';
import { userMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDraft } from '../../../lib/draft';
import { commentsQueryKey, postComment, questionsQueryKey, useAnsweredQuestions, useComments } from '../api/comments';
import { useCommentEvents } from '../hooks/use-comment-events';
import { Button, SellerBadge, Textarea } from '../../../components/ui';

function Byline({ c }: { c: Comment }) {
  return (
    <p className="text-sm">
      <span className="font-semibold">{c.user.name}</span>
      {c.isSeller && <SellerBadge />} <span className="text-slate-500">· {relativeTime(c.timestamp)}</span>
    </p>
  );
}

/** The questions the seller answered, with the answers, above every other comment. */
function PinnedAnswers({ auctionId }: { auctionId: number }) {
  const questions = useAnsweredQuestions(auctionId).data ?? [];
  if (questions.length === 0) return null;
  return (
    <div className="mt-4 space-y-3 rounded-lg border border-brand-100 bg-brand-50 p-4" data-testid="pinned-questions">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-brand-700">Answered by the seller</h3>
      {questions.map(({ question, answers }) => (
        <div key={question.id} className="space-y-1" data-testid="pinned-question">
          <Byline c={question} />
          <p className="whitespace-pre-wrap break-words text-slate-800">{question.content}</p>
          {answers.map((a) => (
            <div key={a.id} className="ml-4 border-l-2 border-brand-300 pl-3" data-testid="pinned-answer">
              <Byline c={a} />
              <p className="whitespace-pre-wrap break-words text-slate-800">{a.content}</p>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

export function Comments({ auctionId, viewerIsSeller = false }: { auctionId: number; viewerIsSeller?: boolean }) {
  const comments = useComments(auctionId);
  const [answering, setAnswering] = useState<Comment | null>(null);
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
    mutationFn: (text: string) => postComment(auctionId, text, answering?.id),
    onSuccess: () => {
      setContent('');
      if (answering) void queryClient.invalidateQueries({ queryKey: questionsQueryKey(auctionId) });
      setAnswering(null);
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
      <PinnedAnswers auctionId={auctionId} />
      <form onSubmit={submit} className="mt-4 space-y-3">
        {answering && (
          <p className="text-sm text-slate-600" data-testid="answering">
            Answering {answering.user.name}: “{answering.content.slice(0, 80)}”{' '}
            <Button variant="link-muted" type="button" onClick={() => setAnswering(null)}>
              Cancel
            </Button>
          </p>
        )}
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
          <li key={c.id} className="border-b border-slate-100 pb-3" data-testid="comment">
            <Byline c={c} />
            <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{c.content}</p>
            {viewerIsSeller && !c.isSeller && (
              <Button
                variant="link-muted"
                type="button"
                onClick={() => {
                  setAnswering(c);
                  box.current?.focus();
                }}
                data-testid="answer-comment"
              >
                Answer
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
