// The live chat of an auction.
export { ChatWidget } from './components/chat-widget';
