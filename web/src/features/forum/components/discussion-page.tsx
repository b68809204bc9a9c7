import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { plural, FORUM_REPLY_MAX_LENGTH, relativeTime, type ForumReply, type ForumThread } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useMe } from '../../../shared/session';
import {
  deletePost,
  forumListKey,
  replyToPost,
  reportPost,
  setFollow,
  setPostLike,
  setReplyLike,
  threadQuery,
  threadQueryKey,
} from '../api/forum';
import { useThreadEvents } from '../hooks/use-forum-events';
import { EditPostForm } from './edit-post-form';
import { PostText } from './post-text';
import { Button, Textarea } from '../../../components/ui';

const failed = (title: string) => (err: Error) =>
  toast({
    title,
    description: err instanceof ApiError ? (err.serverMessage ?? err.message) : err.message,
    variant: 'destructive',
  });

function LikeButton({
  liked,
  likes,
  onToggle,
  disabled,
}: {
  liked: boolean;
  likes: number;
  onToggle: () => void;
  disabled: boolean;
}) {
  return (
    <Button
      onClick={onToggle}
      disabled={disabled}
      aria-pressed={liked}
      variant={liked ? 'outline-danger' : 'outline'}
      size="pill"
    >
      {liked ? 'Liked' : 'Like'} · <span data-testid="like-count">{likes}</span>
    </Button>
  );
}

export function DiscussionPage() {
  const postId = Number(useParams().id);
  const valid = Number.isInteger(postId) && postId > 0;
  const thread = useQuery({ ...threadQuery(postId), enabled: valid });
  useThreadEvents(postId);
  if (!valid || thread.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <p className="text-lg font-semibold">Discussion not found</p>
        <Link to="/community" className="mt-4 inline-block text-blue-700 underline">
          Back to the forum
        </Link>
      </div>
    );
  }
  if (!thread.data) return <p className="mx-auto max-w-3xl px-4 py-16 text-slate-500">Loading discussion…</p>;
  return <Discussion thread={thread.data} />;
}

function Discussion({ thread }: { thread: ForumThread }) {
  const me = useMe().data?.user ?? null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [reply, setReply] = useState('');
  const [editing, setEditing] = useState(false);
  const patch = (fn: (t: ForumThread) => ForumThread) =>
    queryClient.setQueryData<ForumThread>(threadQueryKey(thread.id), (t) => (t ? fn(t) : t));

  const like = useMutation({
    mutationFn: () => setPostLike(thread.id, !thread.likedByMe),
    onSuccess: (r) => patch((t) => ({ ...t, likes: r.likes, likedByMe: r.liked })),
    onError: failed('Could not update your like'),
  });
  const likeReply = useMutation({
    mutationFn: (r: ForumReply) => setReplyLike(thread.id, r.id, !r.likedByMe),
    onSuccess: (res, r) =>
      patch((t) => ({
        ...t,
        allReplies: t.allReplies.map((x) => (x.id === r.id ? { ...x, likes: res.likes, likedByMe: res.liked } : x)),
      })),
    onError: failed('Could not update your like'),
  });
  const send = useMutation({
    mutationFn: (content: string) => replyToPost(thread.id, content),
    onSuccess: (r) => {
      setReply('');
      patch((t) =>
        t.allReplies.some((x) => x.id === r.id)
          ? t
          : { ...t, replies: t.replies + 1, allReplies: [...t.allReplies, r] },
      );
      void queryClient.invalidateQueries({ queryKey: forumListKey });
    },
    onError: failed('Could not post your reply'),
  });
  const follow = useMutation({
    mutationFn: () => setFollow(thread.userId, !thread.followingAuthor),
    onSuccess: (r) => patch((t) => ({ ...t, followingAuthor: r.following })),
    onError: failed('Could not update following'),
  });
  const report = useMutation({
    mutationFn: (replyId?: number) => reportPost(thread.id, 'Reported from the discussion page', replyId),
    onSuccess: () => toast({ title: 'Report sent', description: 'A moderator will take a look.' }),
    onError: failed('Could not send the report'),
  });
  const remove = useMutation({
    mutationFn: () => deletePost(thread.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: forumListKey });
      void navigate('/community');
    },
    onError: failed('Could not delete the post'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reply.trim()) send.mutate(reply.trim());
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/community" className="text-sm text-blue-700 hover:underline">
        ← Community Forum
      </Link>
      <article className="mt-4 rounded-xl border border-slate-200 bg-white p-6" data-testid="discussion">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium capitalize">{thread.category}</span>
          {thread.tags.map((t) => (
            <span key={t} className="rounded-full border border-slate-200 px-2 py-0.5 text-slate-600">
              #{t}
            </span>
          ))}
          {thread.hidden && (
            <span className="rounded-full bg-red-100 px-2 py-0.5 font-medium text-red-700">Hidden by a moderator</span>
          )}
        </div>
        {editing ? (
          <EditPostForm
            thread={thread}
            onDone={(t) => {
              setEditing(false);
              if (t) {
                patch((old) => ({ ...old, title: t.title, content: t.content, tags: t.tags, updatedAt: t.updatedAt }));
                void queryClient.invalidateQueries({ queryKey: forumListKey });
              }
            }}
          />
        ) : (
          <>
            <h1 className="mt-3 text-2xl font-bold">{thread.title}</h1>
            <p className="mt-1 text-sm text-slate-500">
              {thread.user.name} · {relativeTime(thread.createdAt)}
              {thread.updatedAt !== thread.createdAt && ' · edited'}
            </p>
            <PostText text={thread.content} className="mt-4 text-slate-800" />
          </>
        )}
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <LikeButton
            liked={thread.likedByMe}
            likes={thread.likes}
            disabled={!me || like.isPending || thread.hidden}
            onToggle={() => like.mutate()}
          />
          <span className="text-sm text-slate-600">
            <span data-testid="reply-count">{thread.replies}</span> {plural(thread.replies, 'reply', 'replies')}
          </span>
          {me && me.id !== thread.userId && (
            <>
              <Button onClick={() => follow.mutate()} variant="outline" size="pill">
                {thread.followingAuthor ? `Following ${thread.user.name}` : `Follow ${thread.user.name}`}
              </Button>
              <Button onClick={() => report.mutate(undefined)} variant="link-muted">
                Report
              </Button>
            </>
          )}
          {thread.canEdit && !editing && (
            <Button onClick={() => setEditing(true)} variant="link-muted">
              Edit
            </Button>
          )}
          {thread.canDelete && (
            <Button
              onClick={() => window.confirm('Delete this post and its replies?') && remove.mutate()}
              variant="link-danger"
            >
              Delete
            </Button>
          )}
        </div>
      </article>

      <section className="mt-8">
        <h2 className="text-lg font-semibold">Replies</h2>
        <ul className="mt-4 space-y-4" data-testid="replies">
          {thread.allReplies.length === 0 && <li className="text-slate-500">No replies yet.</li>}
          {thread.allReplies.map((r) => (
            <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="reply">
              <p className="text-sm">
                <span className="font-semibold">{r.user.name}</span>{' '}
                <span className="text-slate-500">· {relativeTime(r.createdAt)}</span>
                {r.hidden && (
                  <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-700">
                    Hidden by a moderator
                  </span>
                )}
              </p>
              <PostText text={r.content} className="mt-1 text-slate-800" />
              <div className="mt-2 flex items-center gap-3">
                <LikeButton
                  liked={r.likedByMe}
                  likes={r.likes}
                  disabled={!me || likeReply.isPending || r.hidden}
                  onToggle={() => likeReply.mutate(r)}
                />
                {me && me.id !== r.userId && (
                  <Button onClick={() => report.mutate(r.id)} variant="link-muted">
                    Report
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
        {me ? (
          !thread.hidden && (
            <form onSubmit={submit} className="mt-6 space-y-3">
              <label className="block">
                <span className="sr-only">Your reply</span>
                <Textarea
                  name="reply"
                  value={reply}
                  onChange={(e) => setReply(e.target.value)}
                  rows={4}
                  maxLength={FORUM_REPLY_MAX_LENGTH}
                  placeholder="Share your experience"
                />
              </label>
              <Button type="submit" disabled={send.isPending || reply.trim() === ''} variant="dark">
                {send.isPending ? 'Posting…' : 'Post Reply'}
              </Button>
            </form>
          )
        ) : (
          <p className="mt-6 text-slate-600">
            <Link to={`/login?next=/community/${thread.id}`} className="font-semibold underline">
              Sign in
            </Link>{' '}
            to reply.
          </p>
        )}
      </section>
    </div>
  );
}
