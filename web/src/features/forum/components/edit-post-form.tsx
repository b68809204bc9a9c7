import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { FORUM_EDIT_WINDOW_HOURS, FORUM_POST_MAX_LENGTH, FORUM_TITLE_MAX_LENGTH, UpdateForumPostBodySchema, type ForumThread } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { editPost } from '../api/forum';

export function EditPostForm({ thread, onDone }: { thread: ForumThread; onDone: (t: ForumThread | null) => void }) {
  const [title, setTitle] = useState(thread.title);
  const [content, setContent] = useState(thread.content);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => editPost(thread.id, { title, content }),
    onSuccess: (t) => {
      toast({ title: 'Post updated' });
      onDone(t);
    },
    onError: (err) => setError(err instanceof ApiError ? (err.serverMessage ?? err.message) : err.message),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = UpdateForumPostBodySchema.safeParse({ title, content });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the post');
    setError(null);
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="mt-4 space-y-3" noValidate>
      <p className="text-xs text-slate-500">Posts can be edited for {FORUM_EDIT_WINDOW_HOURS} hours after posting.</p>
      <input aria-label="Title" value={title} maxLength={FORUM_TITLE_MAX_LENGTH} onChange={(e) => setTitle(e.target.value)} className="w-full rounded-lg border border-slate-300 p-2" />
      <textarea aria-label="Content" value={content} rows={6} maxLength={FORUM_POST_MAX_LENGTH} onChange={(e) => setContent(e.target.value)} className="w-full rounded-lg border border-slate-300 p-2" />
      {error && <p className="text-sm text-red-600">{error}</p>}
      <div className="flex gap-3">
        <button type="submit" disabled={save.isPending} className="rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white disabled:opacity-50">Save</button>
        <button type="button" onClick={() => onDone(null)} className="rounded-lg border border-slate-300 px-4 py-2">Cancel</button>
      </div>
    </form>
  );
}
