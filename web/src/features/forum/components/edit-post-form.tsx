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
import { Button, Input, Textarea } from '../../../components/ui';

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
      <Input aria-label="Title" {...register('title')} maxLength={FORUM_TITLE_MAX_LENGTH} />
      <Textarea aria-label="Content" {...register('content')} rows={6} maxLength={FORUM_POST_MAX_LENGTH} />
      {error && (
        <p className="text-sm text-red-600" data-testid="edit-error">
          {error}
        </p>
      )}
      <div className="flex gap-3">
        <Button type="submit" disabled={save.isPending} variant="dark">
          Save
        </Button>
        <Button onClick={() => onDone(null)} variant="outline">
          Cancel
        </Button>
      </div>
    </form>
  );
}
