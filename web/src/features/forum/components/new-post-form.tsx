import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  CreateForumPostBodySchema,
  ErrorBodySchema,
  FORUM_MAX_TAGS,
  FORUM_POST_CATEGORIES,
  FORUM_POST_MAX_LENGTH,
  FORUM_TITLE_MAX_LENGTH,
  type ForumCategory,
  type ForumThread,
} from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { createForumPost } from '../api/forum';

type Field = 'title' | 'content' | 'category' | 'tags';

/** Field messages from the shared schema before sending, and from the server's issues after. */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const i of issues) {
    const f = String(i.path[0]) as Field;
    out[f] ??= i.message;
  }
  return out;
}

export function NewPostForm({ onPosted, onCancel }: { onPosted: (post: ForumThread) => void; onCancel: () => void }) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [category, setCategory] = useState<ForumCategory>('general');
  const [tags, setTags] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useMutation({
    mutationFn: createForumPost,
    onSuccess: (post) => {
      toast({ title: 'Post published', description: 'Your discussion is live.' });
      onPosted(post);
    },
    onError: (err) => {
      const body = err instanceof ApiError ? ErrorBodySchema.safeParse(err.body) : null;
      if (body?.success && body.data.issues) setErrors(fieldErrors(body.data.issues));
      toast({ title: 'Could not publish your post', description: err instanceof ApiError ? (err.serverMessage ?? err.message) : err.message, variant: 'destructive' });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { title, content, category, tags: tags.split(',').map((t) => t.trim()).filter(Boolean) };
    const parsed = CreateForumPostBodySchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    create.mutate(body);
  };
  const error = (f: Field) => errors[f] && <span className="mt-1 block text-sm text-red-600" data-testid={`error-${f}`}>{errors[f]}</span>;
  return (
    <form onSubmit={submit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-5" data-testid="new-post-form" noValidate>
      <h2 className="text-lg font-semibold">New Post</h2>
      <label className="block text-sm">
        <span className="text-slate-700">Title</span>
        <input name="title" value={title} maxLength={FORUM_TITLE_MAX_LENGTH} onChange={(e) => setTitle(e.target.value)} className="mt-1 w-full rounded-lg border border-slate-300 p-2" />
        {error('title')}
      </label>
      <div className="flex flex-col gap-4 sm:flex-row">
        <label className="block text-sm sm:w-1/3">
          <span className="text-slate-700">Category</span>
          <select name="category" value={category} onChange={(e) => setCategory(e.target.value as ForumCategory)} className="mt-1 w-full rounded-lg border border-slate-300 bg-white p-2 capitalize">
            {FORUM_POST_CATEGORIES.map((c) => (
              <option key={c} value={c}>{c}</option>
            ))}
          </select>
          {error('category')}
        </label>
        <label className="block flex-1 text-sm">
          <span className="text-slate-700">Tags (up to {FORUM_MAX_TAGS}, separated by commas)</span>
          <input name="tags" value={tags} onChange={(e) => setTags(e.target.value)} className="mt-1 w-full rounded-lg border border-slate-300 p-2" placeholder="porsche, inspection" />
          {error('tags')}
        </label>
      </div>
      <label className="block text-sm">
        <span className="text-slate-700">Content</span>
        <textarea name="content" value={content} rows={6} maxLength={FORUM_POST_MAX_LENGTH} onChange={(e) => setContent(e.target.value)} className="mt-1 w-full rounded-lg border border-slate-300 p-2" />
        {error('content')}
      </label>
      <div className="flex gap-3">
        <button type="submit" disabled={create.isPending} className="rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white disabled:opacity-50">
          {create.isPending ? 'Publishing…' : 'Publish'}
        </button>
        <button type="button" onClick={onCancel} className="rounded-lg border border-slate-300 px-4 py-2">Cancel</button>
      </div>
    </form>
  );
}
