import type { KnowledgeBase, LlmModel } from '@agent-platform/contracts';
import { Flex, Select, Typography } from 'antd';
import layout from '../../../components/chat/ChatLayout.module.css';
import { useSessionUser } from '../../auth';
import { KB_CHAT_TEXT as TEXT, KB_TITLES } from '../constants';
import styles from './KbChat.module.css';

interface KbChatToolbarProps {
  kbs: KnowledgeBase[] | undefined;
  kbIds: string[];
  onKbsChange: (ids: string[]) => void;
  models: LlmModel[] | undefined;
  model: LlmModel | undefined;
  onModelChange: (llmName: string) => void;
  loading: boolean;
  disabled: boolean;
}

/** Above the chat: which knowledge bases (mine, then public ones) and which model answer. */
export function KbChatToolbar({ kbs, kbIds, onKbsChange, models, model, onModelChange, loading, disabled }: KbChatToolbarProps) {
  const me = useSessionUser();
  const option = (kb: KnowledgeBase) => ({ value: kb.id, label: kb.name });
  const mine = (kbs ?? []).filter((kb) => kb.owner_id === me.id);
  const others = (kbs ?? []).filter((kb) => kb.owner_id !== me.id);
  const kbOptions = [
    ...(mine.length ? [{ label: TEXT.mine, title: TEXT.mine, options: mine.map(option) }] : []),
    ...(others.length ? [{ label: TEXT.public, title: TEXT.public, options: others.map(option) }] : []),
  ];
  return (
    <Flex className={layout.toolbar} align="center" gap={12} wrap>
      <Typography.Title level={5} className={layout.heading}>
        {KB_TITLES.chat}
      </Typography.Title>
      <Select
        mode="multiple"
        aria-label={TEXT.selectKbs}
        className={styles.kbSelect}
        value={kbIds}
        options={kbOptions}
        loading={loading}
        disabled={disabled}
        placeholder={TEXT.selectKbs}
        notFoundContent={TEXT.noKb}
        maxTagCount="responsive"
        showSearch={{ optionFilterProp: 'label' }}
        onChange={onKbsChange}
      />
      <Select
        aria-label={TEXT.selectModel}
        className={styles.modelSelect}
        value={model?.llm_name}
        options={(models ?? []).map((entry) => ({ value: entry.llm_name, label: entry.display_name || entry.llm_name }))}
        loading={loading}
        disabled={disabled}
        placeholder={TEXT.noModel}
        notFoundContent={TEXT.noModel}
        onChange={onModelChange}
      />
    </Flex>
  );
}
