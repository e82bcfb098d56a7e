import type { AgentInfo } from '@agent-platform/contracts';
import { Flex, Select } from 'antd';
import { AgentAvatar } from '../components/AgentAvatar';
import styles from './AgentChatPage.module.css';
import { AGENT_CHAT_TEXT as TEXT } from './constants';
import type { useChatAgents } from './useChatAgents';

interface AgentPickerProps {
  agents: ReturnType<typeof useChatAgents>;
  value: string | undefined;
  onChange: (agentId: string) => void;
  disabled?: boolean;
}

const option = (agent: AgentInfo) => ({
  value: agent.id,
  name: agent.name,
  label: (
    <Flex align="center" gap={8} className={styles.option}>
      <AgentAvatar avatar={agent.avatar} size={20} />
      <span className={styles.optionName}>{agent.name}</span>
    </Flex>
  ),
});

/** Which agent answers: the user's own agents, then the published ones. */
export function AgentPicker({ agents, value, onChange, disabled }: AgentPickerProps) {
  const groups = [
    ...(agents.mine.length ? [{ label: TEXT.mine, title: TEXT.mine, options: agents.mine.map(option) }] : []),
    ...(agents.published.length ? [{ label: TEXT.published, title: TEXT.published, options: agents.published.map(option) }] : []),
  ];
  return (
    <Select
      aria-label={TEXT.chooseAgent}
      placeholder={TEXT.chooseAgent}
      className={styles.picker}
      value={value}
      options={groups}
      loading={agents.isPending}
      disabled={disabled}
      notFoundContent={TEXT.noAgents}
      showSearch={{ optionFilterProp: 'name' }}
      onChange={onChange}
    />
  );
}
