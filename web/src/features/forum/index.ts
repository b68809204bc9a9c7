// The community forum: the list (/community) and a discussion (/community/{id}), live over the forum's rooms.
export { CommunityPage } from './components/community-page';
export { DiscussionPage } from './components/discussion-page';
export { seedFirstForumPage } from './api/forum';
