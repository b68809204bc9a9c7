// The forum: posts, replies, likes, follows and moderation.
export { listForumPosts, type Viewer } from './forum-list.js';
export { readForumThread } from './forum-thread.js';
export { createForumPost, deleteForumPost, replyToForumPost, updateForumPost } from './forum-write.js';
export { setForumLike } from './forum-likes.js';
export { hideForumContent, listForumReports, reportForumContent } from './forum-moderation.js';
export { setFollow } from './follows.js';
export { withinDeadline } from './deadline.js';
