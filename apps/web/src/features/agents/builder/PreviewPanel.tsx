import type { CreateAgentBody } from '@agent-platform/contracts';
import { EyeOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Typography } from 'antd';
import { AgentChatPanel } from '../chat/AgentChatPanel';
import { AGENT_PREVIEW_TEXT as TEXT } from '../constants';
import styles from './AgentBuilder.module.css';

interface PreviewPanelProps {
  /** The saved agent; none while it is being created. */
  agentId?: string;
  draft: Partial<CreateAgentBody>;
  saving: boolean;
  onSave: () => void;
}

/**
 * The builder's live preview. A chat needs a saved agent (the draft only overrides its fields), so a new
 * agent is saved first: one click, and the builder continues on the saved agent.
 */
export function PreviewPanel({ agentId, draft, saving, onSave }: PreviewPanelProps) {
  return (
    <aside className={styles.preview} aria-label={TEXT.title}>
      <Flex align="center" gap={8} className={styles.previewHeader}>
        <EyeOutlined />
        <Typography.Text strong>{TEXT.title}</Typography.Text>
        {agentId ? (
          <Typography.Text type="secondary" className={styles.previewHint} ellipsis>
            {TEXT.hint}
          </Typography.Text>
        ) : null}
      </Flex>
      <div className={styles.previewBody}>
        {agentId ? (
          <AgentChatPanel agentId={agentId} draft={draft} compact />
        ) : (
          <Flex flex={1} align="center" justify="center">
            <Empty description={TEXT.saveFirst}>
              <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={onSave}>
                {TEXT.saveAndPreview}
              </Button>
            </Empty>
          </Flex>
        )}
      </div>
    </aside>
  );
}
