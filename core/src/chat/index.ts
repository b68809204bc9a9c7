// Talk about an auction: its live chat (and the poll's shared pages) and its comments.
export { ChatPages } from './chat-pages.js';
export { listChatMessages, newestChatId, postChatMessage } from './chat.js';
export { listAnsweredQuestions, listComments, postComment } from './comments.js';
