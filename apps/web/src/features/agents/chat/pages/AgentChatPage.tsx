import { RobotOutlined } from '@ant-design/icons';
import { Alert, Flex, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import layout from '../../../../components/chat/ChatLayout.module.css';
import { ChatPageShell } from '../../../../components/chat/ChatPageShell';
import { ChatWelcome } from '../../../../components/chat/ChatWelcome';
import { CONVERSATION_PARAM, ConversationList, useConversationParam } from '../../../conversations';
import { AgentAvatar } from '../../components/AgentAvatar';
import { AGENT_PATHS } from '../../constants';
import { AgentChatPanel } from '../AgentChatPanel';
import styles from '../AgentChatPage.module.css';
import { AgentPicker } from '../AgentPicker';
import type { AgentChatMode } from '../api';
import { AGENT_CHAT_TEXT as TEXT, AGENT_CHAT_TITLES } from '../constants';
import { useChatAgents } from '../useChatAgents';

const noAgents = (
  <>
    <Typography.Title level={5}>{TEXT.noAgents}</Typography.Title>
    <Typography.Text type="secondary">{TEXT.noAgentsHint}</Typography.Text>
  </>
);

/**
 * The agent chat pages' frame (agent chat and plan chat): the agent picker and its conversations on
 * the left, the chat on the right. `?agent_id=` chooses the agent.
 */
interface AgentChatFrameProps {
  mode: AgentChatMode;
  title: string;
  /** The agent when `?agent_id=` names none (a reopened plan's agent); else the first one. */
  initialAgentId?: string;
  /** The conversation to open first. */
  conversationId?: string;
  followRunId?: string;
}

export function AgentChatFrame({ mode, title, initialAgentId, conversationId: given, followRunId }: AgentChatFrameProps) {
  const [params, setParams] = useSearchParams();
  const agents = useChatAgents();
  const agentId = params.get('agent_id') ?? initialAgentId ?? agents.all[0]?.id;
  const agent = agents.all.find((entry) => entry.id === agentId);
  // The open conversation lives in the URL (`?conversation_id=`): a reload or a shared link reopens it.
  const [fromUrl] = useConversationParam();
  const conversationId = fromUrl ?? given;
  /** The agent and its open conversation (none: a new one), so the URL alone reopens the page. */
  const show = (nextAgentId: string | undefined, nextConversationId: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (nextAgentId) next.set('agent_id', nextAgentId);
        // Leaving a plan run reopened by `?run_id=` (plan chat) for another conversation or a new one.
        if (nextConversationId !== given) next.delete('run_id');
        if (nextConversationId) next.set(CONVERSATION_PARAM, nextConversationId);
        else next.delete(CONVERSATION_PARAM);
        return next;
      },
      { replace: true },
    );
  const choose = (id: string | undefined) => show(agentId, id);
  // Another agent: its own conversations, none of them open yet.
  const chooseAgent = (id: string) => show(id, undefined);
  const empty = !agents.isPending && !agents.error && agents.all.length === 0;

  return (
    <ChatPageShell
      label={title}
      conversations={
        <div className={styles.side}>
          <div className={styles.pickerBox}>
            <AgentPicker agents={agents} value={agentId} onChange={chooseAgent} />
          </div>
          <div className={styles.list}>
            {agentId ? (
              <ConversationList
                kind={mode === 'plan' ? 'plan' : 'agent'}
                subject={agentId}
                activeId={conversationId ?? null}
                onOpen={(conversation) => choose(conversation.id)}
                onNew={() => choose(undefined)}
                onDeletedActive={() => choose(undefined)}
              />
            ) : null}
          </div>
        </div>
      }
    >
      <Flex className={layout.toolbar} align="center" gap={12}>
        <Typography.Title level={5} className={layout.heading}>
          {title}
        </Typography.Title>
        {agent ? (
          <span className={styles.agentName}>
            <AgentAvatar avatar={agent.avatar} size={24} />
            <Typography.Text strong ellipsis>
              {agent.name}
            </Typography.Text>
            {agent.description ? (
              <Typography.Text type="secondary" ellipsis className={styles.agentDescription}>
                {agent.description}
              </Typography.Text>
            ) : null}
          </span>
        ) : null}
      </Flex>
      {agents.error ? <Alert type="error" showIcon title={agents.error.message} className={layout.alert} /> : null}
      {empty ? (
        <ChatWelcome icon={<RobotOutlined />} title="" description="" missing={{ description: noAgents, action: TEXT.createAgent, to: AGENT_PATHS.create }} />
      ) : agentId ? (
        <AgentChatPanel key={`${mode}:${agentId}`} agentId={agentId} mode={mode} conversationId={conversationId} onConversation={choose} followRunId={followRunId} />
      ) : null}
    </ChatPageShell>
  );
}

/** /agent/chat, the landing page: chat with an agent, its conversations on the left. */
export default function AgentChatPage() {
  return <AgentChatFrame mode="chat" title={AGENT_CHAT_TITLES.chat} />;
}
