import type { AgentInfo } from '@agent-platform/contracts';
import { MAX_PAGE_SIZE } from '@agent-platform/contracts';
import { Input, Typography } from 'antd';
import { useState } from 'react';
import { useAgents } from '../../agents';
import { AgentAvatar } from '../../agents/reuse';
import { MA_EDITOR_TEXT as TEXT } from '../constants';
import { AGENT_DRAG_TYPE } from './MaCanvas';
import styles from './MaEditor.module.css';

/** The agents a setup may take (own and published), searchable, each dragged onto the canvas (or double-clicked). */
export function AgentPalette({ usedIds, onAdd }: { usedIds: Set<string>; onAdd: (agent: AgentInfo) => void }) {
  const [keyword, setKeyword] = useState('');
  const mine = useAgents('mine', { page: 1, page_size: MAX_PAGE_SIZE, keyword: keyword || undefined });
  const published = useAgents('public', { page: 1, page_size: MAX_PAGE_SIZE, keyword: keyword || undefined });
  const item = (agent: AgentInfo) => (
    <div
      key={agent.id}
      className={styles.paletteItem}
      draggable={!usedIds.has(agent.id)}
      aria-disabled={usedIds.has(agent.id)}
      data-testid="ma-palette-agent"
      data-agent-id={agent.id}
      style={usedIds.has(agent.id) ? { opacity: 0.45, cursor: 'default' } : undefined}
      onDragStart={(event) => {
        event.dataTransfer.setData(AGENT_DRAG_TYPE, JSON.stringify({ id: agent.id, name: agent.name, avatar: agent.avatar }));
        event.dataTransfer.effectAllowed = 'copy';
      }}
      onDoubleClick={() => !usedIds.has(agent.id) && onAdd(agent)}
      title={agent.description}
    >
      <AgentAvatar avatar={agent.avatar} size={24} />
      <Typography.Text ellipsis>{agent.name}</Typography.Text>
    </div>
  );
  const others = (published.data?.list ?? []).filter((agent) => !agent.editable);
  return (
    <div className={styles.palette}>
      <Typography.Text strong>{TEXT.agents}</Typography.Text>
      <Input.Search allowClear placeholder={TEXT.searchAgents} onSearch={setKeyword} aria-label={TEXT.searchAgents} />
      <Typography.Text type="secondary">{TEXT.mine}</Typography.Text>
      {(mine.data?.list ?? []).map(item)}
      {others.length ? <Typography.Text type="secondary">{TEXT.published}</Typography.Text> : null}
      {others.map(item)}
    </div>
  );
}
