import { Link } from 'react-router';
import { plural, relativeTime, type ForumPost } from '@app/shared';
import { Highlighted } from './post-text';

const excerpt = (text: string, max = 220) => (text.length > max ? `${text.slice(0, max).trimEnd()}…` : text);

export function PostCard({ post }: { post: ForumPost }) {
  const last = post.recentReplies[0];
  return (
    <article
      // Off-screen posts are laid out and painted only when scrolled near (content-visibility), a post's height kept.
      className="rounded-xl border border-slate-200 bg-white p-5 [contain-intrinsic-size:auto_12rem] [content-visibility:auto]"
      data-testid="forum-post"
      data-post-id={post.id}
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium capitalize text-slate-700">
          {post.category}
        </span>
        {post.tags.map((t) => (
          <span key={t} className="rounded-full border border-slate-200 px-2 py-0.5 text-slate-600">
            #{t}
          </span>
        ))}
        {post.hidden && (
          <span className="rounded-full bg-red-100 px-2 py-0.5 font-medium text-red-700">Hidden by a moderator</span>
        )}
      </div>
      <h2 className="mt-2 text-lg font-semibold" data-testid="forum-post-title">
        {post.highlight ? <Highlighted segments={post.highlight.title} /> : post.title}
      </h2>
      <p className="text-sm text-slate-500">
        {post.user.name} · {relativeTime(post.createdAt)}
      </p>
      <p className="mt-2 whitespace-pre-wrap break-words text-slate-700" data-testid="forum-post-excerpt">
        {post.highlight ? <Highlighted segments={post.highlight.content} /> : excerpt(post.content)}
      </p>
      {last && (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
          <span className="font-medium">{last.user.name}</span> replied {relativeTime(last.createdAt)}:{' '}
          {excerpt(last.content, 140)}
        </p>
      )}
      <div className="mt-3 flex items-center justify-between text-sm text-slate-600">
        <span>
          <span data-testid="forum-post-likes">{post.likes}</span> {plural(post.likes, 'like')} ·{' '}
          <span data-testid="forum-post-replies">{post.replies}</span> {plural(post.replies, 'reply', 'replies')}
        </span>
        <Link to={`/community/${post.id}`} className="font-semibold text-blue-700 hover:underline">
          View Discussion
        </Link>
      </div>
    </article>
  );
}
