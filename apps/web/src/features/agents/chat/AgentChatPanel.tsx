import type { CreateAgentBody } from '@agent-platform/contracts';
import { Alert, Skeleton } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import layout from '../../../components/chat/ChatLayout.module.css';
import { ChatMessageList } from '../../../components/chat/ChatMessageList';
import { CitationDrawer, type OpenCitation } from '../../../components/chat/CitationDrawer';
import { Markdown } from '../../../components/chat/Markdown';
import { AgentAvatar } from '../components/AgentAvatar';
import { useAgent, useUsableTools } from '../queries';
import { hasAgentBody, type AgentMessageView } from './agent-messages';
import { AgentAnswer } from './AgentAnswer';
import styles from './AgentChat.module.css';
import type { AgentChatMode } from './api';
import { AGENT_CHAT_TEXT as TEXT, PLAN_TEXT } from './constants';
import { AgentWelcome, SuggestedPrompts, type AgentFace } from './AgentWelcome';
import { useAgentChat } from './useAgentChat';
import { QuestionComposer, useQuestion } from './QuestionComposer';

export interface AgentChatPanelProps {
  agentId: string;
  /** The builder's unsaved configuration: the preview answers with it. */
  draft?: Partial<CreateAgentBody>;
  /** Narrow (the builder's preview): smaller welcome, no re-attach on load. */
  compact?: boolean;
  /** The conversation to show; changing it opens that one (undefined: a new conversation). */
  conversationId?: string;
  /** The server started a conversation, or a reload re-opened the one whose run was going. */
  onConversation?: (conversationId: string) => void;
  /** `plan`: plan chat (the plan is drafted and confirmed before it runs). */
  mode?: AgentChatMode;
  /** A run to follow from its first event after the conversation opens (a plan still running elsewhere). */
  followRunId?: string;
}

const OPENING_KEY = 'agent-opening';

/** Chat with one agent: streamed answers with their tool steps, decisions at a pause, citations, attachments. */
export function AgentChatPanel({ agentId, draft, compact, conversationId, onConversation, mode = 'chat', followRunId }: AgentChatPanelProps) {
  const agent = useAgent(agentId);
  const tools = useUsableTools();
  const chat = useAgentChat({ agentId, mode, draft, onConversation, remember: !compact && !draft });
  const { session } = chat;
  const question = useQuestion(chat.send, { isRunning: session.isRunning, ready: !!agent.data });
  const [citation, setCitation] = useState<OpenCitation | null>(null);

  const face: AgentFace | null = agent.data
    ? {
        name: draft?.name || agent.data.name,
        avatar: draft?.avatar ?? agent.data.avatar,
        description: draft?.description ?? agent.data.description,
        opening_message: draft?.opening_message ?? agent.data.opening_message,
        suggested_questions: draft?.suggested_questions ?? agent.data.suggested_questions,
      }
    : null;
  // Plan chat greets with what it does; the agent's opening message is for chatting.
  const opening = mode === 'chat' ? (face?.opening_message.trim() ?? '') : '';
  const toolTitle = useCallback((name: string) => tools.data?.find((tool) => tool.name === name)?.title || name, [tools.data]);

  // The page chooses the conversation; the one a reload interrupted is opened again (and followed).
  useEffect(() => {
    if ((conversationId ?? null) !== session.conversationId) void chat.openConversation(conversationId ?? null, followRunId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the page's choice opens a conversation
  }, [conversationId]);
  const restored = useRef(false);
  useEffect(() => {
    const tracked = compact || draft || conversationId || restored.current ? null : chat.trackedRun();
    restored.current = true;
    const id = tracked?.conversationId;
    if (id) void chat.openConversation(id).then(() => onConversation?.(id));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the panel opens
  }, []);

  const { busy, submit } = question;
  const openSource = useCallback(
    (messageKey: string, index: number) => {
      const message = session.messages.find((entry) => entry.key === messageKey);
      setCitation({ index, source: message?.sources?.[index - 1] });
    },
    [session.messages],
  );

  const messages = useMemo<AgentMessageView[]>(
    () => (opening ? [{ key: OPENING_KEY, role: 'assistant', content: opening, reasoning: '', status: 'done' }, ...session.messages] : session.messages),
    [opening, session.messages],
  );
  const last = session.messages.findLast((message) => message.role === 'assistant');
  const canRegenerate = !!session.conversationId && !!last && !last.pause;
  const fresh = session.messages.length === 0;

  const renderAnswer = (message: AgentMessageView) =>
    message.key === OPENING_KEY ? (
      <>
        <Markdown>{message.content}</Markdown>
        {fresh && face ? <SuggestedPrompts questions={face.suggested_questions} onAsk={submit} disabled={busy} /> : null}
      </>
    ) : (
      <AgentAnswer message={message} toolTitle={toolTitle} onDecide={chat.decide} onOpenSource={openSource} busy={session.isRunning} />
    );

  return (
    <div className={compact ? styles.panelCompact : styles.panel} data-testid="agent-chat">
      {agent.isError ? <Alert type="error" showIcon title={TEXT.agentMissing} description={agent.error.message} className={layout.alert} /> : null}
      {agent.isPending ? <Skeleton active avatar className={layout.alert} /> : null}
      {face && messages.length === 0 ? (
        <AgentWelcome agent={mode === 'plan' ? { ...face, description: PLAN_TEXT.welcomeDescription } : face} onAsk={submit} compact={compact} />
      ) : messages.length > 0 ? (
        <ChatMessageList
          messages={messages}
          isRunning={session.isRunning}
          onRegenerate={canRegenerate ? chat.regenerate : undefined}
          renderAnswer={renderAnswer}
          hasBody={hasAgentBody}
          assistantAvatar={face ? <AgentAvatar avatar={face.avatar} size={32} /> : undefined}
        />
      ) : (
        <div className={styles.spacer} />
      )}
      <QuestionComposer question={question} onStop={session.stop} placeholder={mode === 'plan' ? TEXT.planPlaceholder : TEXT.placeholder} />
      <CitationDrawer citation={citation} onClose={() => setCitation(null)} />
    </div>
  );
}
