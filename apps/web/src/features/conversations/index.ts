// Conversations are shared by every chat page (model playground, knowledge base, agent …).
export { ConversationList } from './components/ConversationList';
export { CONVERSATION_TEXT } from './constants';
export { conversationKeys, useConversations, useLoadConversationMessages, useRefreshConversations } from './queries';
