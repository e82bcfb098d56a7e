import { TOPOLOGY_KINDS } from '@agent-platform/contracts';
import { Flex, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { TOPOLOGY_KIND_LABELS, TOPOLOGY_TEXT as TEXT } from '../constants';
import { useKindColors } from '../kind-colors';

const swatch = (color: string) => <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: color }} />;
const line = (color: string, dashed: boolean) => (
  <svg width={28} height={8} aria-hidden>
    <line x1={0} y1={4} x2={28} y2={4} stroke={color} strokeWidth={2} strokeDasharray={dashed ? '4 3' : undefined} />
  </svg>
);

/** What the colours and lines of the graph mean. */
export function TopologyLegend() {
  const { token } = theme.useToken();
  const colors = useKindColors();
  const entry = (key: string, mark: ReactNode, label: string) => (
    <Flex key={key} gap={6} align="center">
      {mark}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
    </Flex>
  );
  return (
    <Flex gap={16} wrap align="center">
      {TOPOLOGY_KINDS.map((kind) => entry(kind, swatch(colors[kind]), TOPOLOGY_KIND_LABELS[kind]))}
      {entry('broken', <span style={{ color: token.colorError }}>⚠</span>, TEXT.legendBroken)}
      {entry('blocks', line(token.colorTextTertiary, false), TEXT.legendBlocks)}
      {entry('uses', line(token.colorTextTertiary, true), TEXT.legendUses)}
    </Flex>
  );
}
