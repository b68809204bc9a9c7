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
import { Button, Field, Input, Select, Textarea } from '../../../components/ui';

const FIELDS = ['title', 'content', 'category', 'tags'] as const;
type PostField = (typeof FIELDS)[number];
const isField = (name: unknown): name is PostField => (FIELDS as readonly unknown[]).includes(name);

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
      const marked = new Set<PostField>();
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
  /** A field's refusal, where the page and its tests find it. */
  const error = (f: PostField) => ({ error: errors[f], errorTestId: `error-${f}` });
  return (
    <form
      onSubmit={handleSubmit((post) => create.mutate(post))}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5"
      data-testid="new-post-form"
      noValidate
    >
      <h2 className="text-lg font-semibold">New Post</h2>
      <Field label="Title" {...error('title')}>
        <Input {...register('title')} maxLength={FORUM_TITLE_MAX_LENGTH} />
      </Field>
      <div className="flex flex-col gap-4 sm:flex-row">
        <Field label="Category" {...error('category')} className="sm:w-1/3">
          <Select {...register('category')} className="capitalize">
            {FORUM_POST_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={`Tags (up to ${FORUM_MAX_TAGS}, separated by commas)`} {...error('tags')} className="flex-1">
          <Input {...register('tags')} placeholder="porsche, inspection" />
        </Field>
      </div>
      <Field label="Content" {...error('content')}>
        <Textarea {...register('content')} rows={6} maxLength={FORUM_POST_MAX_LENGTH} />
      </Field>
      <div className="flex gap-3">
        <Button type="submit" disabled={create.isPending} variant="dark">
          {create.isPending ? 'Publishing…' : 'Publish'}
        </Button>
        <Button onClick={onCancel} variant="outline">
          Cancel
        </Button>
      </div>
    </form>
  );
}
