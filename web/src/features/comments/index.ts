// Comments and questions on an auction.
export { Comments } from './components/comments';
