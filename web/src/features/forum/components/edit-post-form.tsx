// Editing one's own post within the edit window: the shared contract checks it as it is saved; a refusal (the
// form's or the server's) shows under the fields.
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FORUM_EDIT_WINDOW_HOURS,
  FORUM_POST_MAX_LENGTH,
  FORUM_TITLE_MAX_LENGTH,
  UpdateForumPostBodySchema,
  type ForumThread,
} from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { editPost } from '../api/forum';

export function EditPostForm({ thread, onDone }: { thread: ForumThread; onDone: (t: ForumThread | null) => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(UpdateForumPostBodySchema),
    defaultValues: { title: thread.title, content: thread.content },
  });
  const save = useMutation({
    mutationFn: (change: { title: string; content: string }) => editPost(thread.id, change),
    onSuccess: (t) => {
      toast({ title: 'Post updated' });
      onDone(t);
    },
    onError: (err) =>
      setError('root.server', { message: err instanceof ApiError ? (err.serverMessage ?? err.message) : err.message }),
  });
  const error = errors.title?.message ?? errors.content?.message ?? errors.root?.server?.message;
  return (
    <form
      onSubmit={handleSubmit(({ title = thread.title, content = thread.content }) => save.mutate({ title, content }))}
      className="mt-4 space-y-3"
      noValidate
    >
      <p className="text-xs text-slate-500">Posts can be edited for {FORUM_EDIT_WINDOW_HOURS} hours after posting.</p>
      <input
        aria-label="Title"
        {...register('title')}
        maxLength={FORUM_TITLE_MAX_LENGTH}
        className="w-full rounded-lg border border-slate-300 p-2"
      />
      <textarea
        aria-label="Content"
        {...register('content')}
        rows={6}
        maxLength={FORUM_POST_MAX_LENGTH}
        className="w-full rounded-lg border border-slate-300 p-2"
      />
      {error && (
        <p className="text-sm text-red-600" data-testid="edit-error">
          {error}
        </p>
      )}
      <div className="flex gap-3">
        <button
          type="submit"
          disabled={save.isPending}
          className="rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white disabled:opacity-50"
        >
          Save
        </button>
        <button type="button" onClick={() => onDone(null)} className="rounded-lg border border-slate-300 px-4 py-2">
          Cancel
        </button>
      </div>
    </form>
  );
}
