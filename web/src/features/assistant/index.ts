// The in-page assistant bubble: tips and greetings by page context, dismissible.
export { AssistantWidget, type AssistantContext } from './components/assistant-widget';
