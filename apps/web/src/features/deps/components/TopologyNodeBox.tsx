import type { TopologyNode } from '@agent-platform/contracts';
import { theme } from 'antd';
import type { KeyboardEvent } from 'react';
import { TOPOLOGY_KIND_LABELS, TOPOLOGY_TEXT as TEXT } from '../constants';
import { useKindColors } from '../kind-colors';
import { NODE_HEIGHT, NODE_WIDTH } from '../topology-layout';
import styles from './Topology.module.css';

/** A name cut to what fits a node: a Chinese character counts two, a Latin letter one. */
function fitted(name: string, room = 21): string {
  let used = 0;
  let index = 0;
  for (const char of name) {
    used += /[\u2e80-\uffff]/u.test(char) ? 2 : 1;
    if (used > room) return `${[...name].slice(0, index).join('')}…`;
    index += 1;
  }
  return name;
}

interface TopologyNodeBoxProps {
  node: TopologyNode;
  x: number;
  y: number;
  selected: boolean;
  /** Depends on the selected thing. */
  dependant: boolean;
  /** Something else is selected and this does not depend on it. */
  dimmed: boolean;
  /** Why `system/deps` found it down. */
  brokenReason: string | undefined;
  onToggle(): void;
}

/** One thing on the graph: its kind's colour on the left, its name, its kind and owner; a button to select it. */
export function TopologyNodeBox({ node, x, y, selected, dependant, dimmed, brokenReason, onToggle }: TopologyNodeBoxProps) {
  const { token } = theme.useToken();
  const kindColor = useKindColors();
  const stroke = selected || dependant ? token.colorPrimary : brokenReason ? token.colorError : token.colorBorder;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onToggle();
  };
  return (
    <g
      transform={`translate(${x} ${y})`}
      className={styles.node}
      opacity={dimmed ? 0.3 : 1}
      role="button"
      tabIndex={0}
      aria-label={`${TOPOLOGY_KIND_LABELS[node.kind]}：${node.name}`}
      aria-pressed={selected}
      data-testid={`topology-node-${node.key}`}
      data-kind={node.kind}
      data-selected={selected || undefined}
      data-dependant={dependant || undefined}
      data-broken={brokenReason ? true : undefined}
      onClick={onToggle}
      onKeyDown={onKeyDown}
    >
      <title>{brokenReason ? `${node.name}：${TEXT.broken}（${brokenReason}）` : node.name}</title>
      <rect
        width={NODE_WIDTH}
        height={NODE_HEIGHT}
        rx={6}
        fill={dependant ? token.colorPrimaryBg : brokenReason ? token.colorErrorBg : token.colorBgContainer}
        stroke={stroke}
        strokeWidth={selected || dependant || brokenReason ? 2 : 1}
      />
      <rect width={5} height={NODE_HEIGHT} rx={2} fill={kindColor[node.kind]} />
      <text x={14} y={20} fontSize={13} fill={token.colorText}>
        {fitted(node.name, brokenReason ? 18 : 21)}
      </text>
      <text x={14} y={38} fontSize={11} fill={token.colorTextSecondary}>
        {fitted(node.owner_name ? `${TOPOLOGY_KIND_LABELS[node.kind]} · ${node.owner_name}` : TOPOLOGY_KIND_LABELS[node.kind])}
      </text>
      {brokenReason ? (
        <text x={NODE_WIDTH - 22} y={21} fontSize={15} fill={token.colorError}>
          ⚠
        </text>
      ) : null}
    </g>
  );
}
