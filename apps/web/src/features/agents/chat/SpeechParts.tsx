import { SwapRightOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { Markdown } from '../../../components/chat/Markdown';
import { AgentAvatar } from '../components/AgentAvatar';
import type { SpeechPart } from './agent-messages';
import styles from './AgentChat.module.css';
import { SPEECH_TEXT as TEXT } from './constants';

/** Who an agent id is, as the page knows it (a member, or the setup itself for its coordinator). */
export type SpeakerOf = (agentId: string) => { name: string; avatar: string };

/** A multi-agent answer: each agent's words under its avatar and name, a handoff card between them. */
export function SpeechParts({ parts, speakerOf }: { parts: SpeechPart[]; speakerOf: SpeakerOf }) {
  return (
    <Flex vertical gap={8}>
      {parts.map((part, index) => {
        if (part.kind === 'handoff') {
          const [from, to] = [speakerOf(part.from), speakerOf(part.to)];
          return (
            <div key={index} className={styles.handoff} data-testid="handoff-card">
              <Typography.Text type="secondary">
                {from.name} <SwapRightOutlined /> {to.name}
                {part.reason ? `${TEXT.reason}${part.reason}` : ''}
              </Typography.Text>
            </div>
          );
        }
        const speaker = speakerOf(part.agentId);
        return (
          <div key={index} data-testid="speech" data-agent-id={part.agentId}>
            <Flex align="center" gap={6} className={styles.speaker}>
              <AgentAvatar avatar={speaker.avatar} size={20} />
              <Typography.Text strong>{speaker.name}</Typography.Text>
            </Flex>
            <Markdown>{part.text}</Markdown>
          </div>
        );
      })}
    </Flex>
  );
}
