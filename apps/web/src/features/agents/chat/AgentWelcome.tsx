import type { AgentInfo } from '@agent-platform/contracts';
import { BulbOutlined } from '@ant-design/icons';
import { Prompts } from '@ant-design/x';
import { Typography } from 'antd';
import { AgentAvatar } from '../components/AgentAvatar';
import styles from './AgentChat.module.css';
import { AGENT_CHAT_TEXT as TEXT } from './constants';

/** What the chat shows of its agent before the first question. */
export type AgentFace = Pick<AgentInfo, 'name' | 'avatar' | 'description' | 'opening_message' | 'suggested_questions'>;

/** The agent's suggested questions; a click asks one. */
export function SuggestedPrompts({ questions, onAsk, disabled }: { questions: string[]; onAsk: (question: string) => void; disabled?: boolean }) {
  if (!questions.length) return null;
  return (
    <Prompts
      title={
        <Typography.Text type="secondary" className={styles.promptsTitle}>
          <BulbOutlined /> {TEXT.suggested}
        </Typography.Text>
      }
      items={questions.map((question) => ({ key: question, description: question, disabled }))}
      onItemClick={({ data }) => onAsk(String(data.key))}
      wrap
      className={styles.prompts}
    />
  );
}

/** An empty conversation without an opening message: who answers, what it does, what to ask. */
export function AgentWelcome({ agent, onAsk, compact }: { agent: AgentFace; onAsk: (question: string) => void; compact?: boolean }) {
  return (
    <div className={compact ? styles.welcomeCompact : styles.welcome}>
      <AgentAvatar avatar={agent.avatar} size={compact ? 40 : 56} />
      <Typography.Title level={compact ? 5 : 4} className={styles.welcomeName}>
        {agent.name}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className={styles.welcomeDescription}>
        {agent.description || TEXT.welcomeFallback}
      </Typography.Paragraph>
      <SuggestedPrompts questions={agent.suggested_questions} onAsk={onAsk} />
    </div>
  );
}
