// Conversations are shared by every chat page (model playground, knowledge base, agent …).
export { ConversationList } from './components/ConversationList';
export { SessionConversationList, type ConversationController } from './components/SessionConversationList';
export { CONVERSATION_TEXT } from './constants';
export { conversationKeys, useConversations, useLoadConversationMessages, useRefreshConversations } from './queries';
export { CONVERSATION_PARAM, useConversationInUrl, useConversationParam } from './use-conversation-param';
export { useChatPane, type ChatPane, type ChatPaneTurn } from './use-chat-pane';
