import type { CreateMaBody, MaInfo } from '@agent-platform/contracts';
import { useCallback, useEffect, useRef } from 'react';
import layout from '../../../components/chat/ChatLayout.module.css';
import { ChatMessageList } from '../../../components/chat/ChatMessageList';
import { AgentAnswer, AgentAvatar, hasAgentBody, QuestionComposer, useAgentChat, useQuestion, type SpeakerOf } from '../../agents/reuse';
import { MA_CHAT_TEXT as TEXT } from '../constants';
import styles from './MaChat.module.css';

/** What the panel shows of a setup: who speaks (its members, and the setup itself as the coordinator) and its welcome. */
export type MaFace = Pick<MaInfo, 'id' | 'name' | 'avatar' | 'description' | 'members'>;

interface MaChatPanelProps {
  setup: MaFace;
  conversationId?: string;
  onConversation: (conversationId: string) => void;
  /** The editor's preview: no re-attach after a reload. */
  preview?: boolean;
  /** The editor's unsaved setup: the preview answers with it (`setup.id` is `MA_DRAFT_ID` until it is created). */
  draft?: CreateMaBody;
  /** Why nothing can be asked now (the draft has problems); the question box is disabled. */
  blocked?: string;
}

/** A multi-agent conversation: each answer under its agents' avatars and names, handoff cards, tool steps and decisions; files attached as in agent chat. */
export function MaChatPanel({ setup, conversationId, onConversation, preview = false, draft, blocked }: MaChatPanelProps) {
  const chat = useAgentChat({ agentId: setup.id, mode: 'ma', draft, onConversation, remember: !preview });
  const { session } = chat;
  const question = useQuestion(chat.send, { isRunning: session.isRunning, ready: !blocked });
  const speakerOf = useCallback<SpeakerOf>(
    (agentId) => {
      if (agentId === setup.id) return { name: `${setup.name}${TEXT.coordinator}`, avatar: setup.avatar };
      const member = setup.members.find((candidate) => candidate.agent_id === agentId);
      return member ? { name: member.agent_name, avatar: member.agent_avatar } : { name: TEXT.unknownAgent, avatar: '' };
    },
    [setup],
  );

  // The page chooses the conversation; the one a reload interrupted is opened again and followed.
  useEffect(() => {
    if ((conversationId ?? null) !== session.conversationId) void chat.openConversation(conversationId ?? null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the page's choice opens a conversation
  }, [conversationId]);
  const restored = useRef(false);
  useEffect(() => {
    const id = preview || conversationId || restored.current ? undefined : chat.trackedRun()?.conversationId;
    restored.current = true;
    if (id) void chat.openConversation(id).then(() => onConversation(id));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the panel opens
  }, []);

  const last = session.messages.findLast((message) => message.role === 'assistant');
  return (
    <div className={preview ? styles.preview : styles.panel} data-testid="ma-chat">
      {session.messages.length ? (
        <ChatMessageList
          messages={session.messages}
          isRunning={session.isRunning}
          onRegenerate={session.conversationId && last && !last.pause ? chat.regenerate : undefined}
          renderAnswer={(message) => (
            <AgentAnswer message={message} toolTitle={(name) => name} onDecide={chat.decide} onOpenSource={() => undefined} busy={session.isRunning} speakerOf={speakerOf} />
          )}
          hasBody={hasAgentBody}
          assistantAvatar={<AgentAvatar avatar={setup.avatar} size={32} />}
        />
      ) : (
        <div className={layout.welcome}>
          <AgentAvatar avatar={setup.avatar} size={preview ? 40 : 56} />
          <h3>{setup.name}</h3>
          <p>{setup.description || TEXT.welcome}</p>
        </div>
      )}
      <QuestionComposer question={question} onStop={session.stop} placeholder={blocked ?? TEXT.placeholder} />
    </div>
  );
}
