// A new discussion: title, category, tags and content, checked by the shared contract as the member submits, with the
// server's own refusals put back on their fields.
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ErrorBodySchema,
  FORUM_MAX_TAGS,
  FORUM_POST_CATEGORIES,
  FORUM_POST_MAX_LENGTH,
  FORUM_TITLE_MAX_LENGTH,
  ForumPostFormSchema,
  type ForumThread,
} from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { createForumPost } from '../api/forum';

const FIELDS = ['title', 'content', 'category', 'tags'] as const;
type Field = (typeof FIELDS)[number];
const isField = (name: unknown): name is Field => (FIELDS as readonly unknown[]).includes(name);

export function NewPostForm({ onPosted, onCancel }: { onPosted: (post: ForumThread) => void; onCancel: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ForumPostFormSchema),
    defaultValues: { title: '', content: '', category: 'general' as const, tags: '' },
  });
  const create = useMutation({
    mutationFn: createForumPost,
    onSuccess: (post) => {
      toast({ title: 'Post published', description: 'Your discussion is live.' });
      onPosted(post);
    },
    onError: (err) => {
      const body = err instanceof ApiError ? ErrorBodySchema.safeParse(err.body) : null;
      // The first refusal of each field is the one shown, as with the form's own check.
      const marked = new Set<Field>();
      for (const issue of (body?.success && body.data.issues) || []) {
        const field = issue.path[0];
        if (isField(field) && !marked.has(field)) {
          marked.add(field);
          setError(field, { message: issue.message });
        }
      }
      toast({
        title: 'Could not publish your post',
        description: err instanceof ApiError ? (err.serverMessage ?? err.message) : err.message,
        variant: 'destructive',
      });
    },
  });
  const error = (f: Field) =>
    errors[f] && (
      <span className="mt-1 block text-sm text-red-600" data-testid={`error-${f}`}>
        {errors[f].message}
      </span>
    );
  return (
    <form
      onSubmit={handleSubmit((post) => create.mutate(post))}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5"
      data-testid="new-post-form"
      noValidate
    >
      <h2 className="text-lg font-semibold">New Post</h2>
      <label className="block text-sm">
        <span className="text-slate-700">Title</span>
        <input
          {...register('title')}
          maxLength={FORUM_TITLE_MAX_LENGTH}
          className="mt-1 w-full rounded-lg border border-slate-300 p-2"
        />
        {error('title')}
      </label>
      <div className="flex flex-col gap-4 sm:flex-row">
        <label className="block text-sm sm:w-1/3">
          <span className="text-slate-700">Category</span>
          <select
            {...register('category')}
            className="mt-1 w-full rounded-lg border border-slate-300 bg-white p-2 capitalize"
          >
            {FORUM_POST_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {error('category')}
        </label>
        <label className="block flex-1 text-sm">
          <span className="text-slate-700">Tags (up to {FORUM_MAX_TAGS}, separated by commas)</span>
          <input
            {...register('tags')}
            className="mt-1 w-full rounded-lg border border-slate-300 p-2"
            placeholder="porsche, inspection"
          />
          {error('tags')}
        </label>
      </div>
      <label className="block text-sm">
        <span className="text-slate-700">Content</span>
        <textarea
          {...register('content')}
          rows={6}
          maxLength={FORUM_POST_MAX_LENGTH}
          className="mt-1 w-full rounded-lg border border-slate-300 p-2"
        />
        {error('content')}
      </label>
      <div className="flex gap-3">
        <button
          type="submit"
          disabled={create.isPending}
          className="rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white disabled:opacity-50"
        >
          {create.isPending ? 'Publishing…' : 'Publish'}
        </button>
        <button type="button" onClick={onCancel} className="rounded-lg border border-slate-300 px-4 py-2">
          Cancel
        </button>
      </div>
    </form>
  );
}
