import type { TopologyEdge } from '@agent-platform/contracts';
import { theme } from 'antd';
import type { KeyboardEvent } from 'react';
import { TOPOLOGY_KIND_LABELS, TOPOLOGY_TEXT as TEXT } from '../constants';
import { useKindColors } from '../kind-colors';
import { NODE_HEIGHT, NODE_WIDTH, type TopologyLayout } from '../topology-layout';
import styles from './Topology.module.css';

interface TopologyGraphProps {
  layout: TopologyLayout;
  edges: TopologyEdge[];
  zoom: number;
  selected: string | null;
  /** What depends on the selected thing (lit); everything else is dimmed while something is selected. */
  dependants: Set<string>;
  litEdges: Set<string>;
  /** Things `system/deps` found down, with the reason. */
  broken: Map<string, string>;
  onSelect(key: string | null): void;
}

/** A name cut to what fits a node: a Chinese character counts two, a Latin letter one. */
function fitted(name: string, room = 24): string {
  let used = 0;
  let index = 0;
  for (const char of name) {
    used += /[\u0000-\u00ff]/.test(char) ? 1 : 2;
    if (used > room) return `${[...name].slice(0, index).join('')}…`;
    index += 1;
  }
  return name;
}

/** The graph as SVG: a node per thing in its kind's colour, an arrow from each user to what it uses. */
export function TopologyGraph({ layout, edges, zoom, selected, dependants, litEdges, broken, onSelect }: TopologyGraphProps) {
  const { token } = theme.useToken();
  const kindColor = useKindColors();
  const place = new Map(layout.nodes.map((placed) => [placed.node.key, placed]));
  const isLit = (key: string) => selected === null || key === selected || dependants.has(key);
  const keyed = (key: string) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(key === selected ? null : key);
    }
  };

  return (
    <svg
      className={styles.graph}
      width={layout.width * zoom}
      height={layout.height * zoom}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      onClick={(event) => {
        if (event.target === event.currentTarget) onSelect(null);
      }}
      data-testid="topology-graph"
    >
      <defs>
        <marker id="topology-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" fill={token.colorTextQuaternary} />
        </marker>
        <marker id="topology-arrow-lit" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" fill={token.colorPrimary} />
        </marker>
      </defs>
      {edges.map((edge) => {
        const from = place.get(edge.from);
        const to = place.get(edge.to);
        if (!from || !to) return null;
        const id = `${edge.from}>${edge.to}`;
        const lit = litEdges.has(id);
        const [x1, y1, x2, y2] = [from.x + NODE_WIDTH, from.y + NODE_HEIGHT / 2, to.x, to.y + NODE_HEIGHT / 2];
        const bend = Math.max(40, Math.abs(x2 - x1) / 2);
        return (
          <path
            key={id}
            d={`M ${x1} ${y1} C ${x1 + bend} ${y1}, ${x2 - bend} ${y2}, ${x2} ${y2}`}
            fill="none"
            stroke={lit ? token.colorPrimary : token.colorBorder}
            strokeWidth={lit ? 2 : 1}
            strokeDasharray={edge.blocks_delete ? undefined : '4 3'}
            opacity={selected === null || lit ? 1 : 0.25}
            markerEnd={`url(#${lit ? 'topology-arrow-lit' : 'topology-arrow'})`}
          />
        );
      })}
      {layout.nodes.map(({ node, x, y }) => {
        const reason = broken.get(node.key);
        const isSelected = node.key === selected;
        const lit = selected !== null && dependants.has(node.key);
        const stroke = isSelected ? token.colorPrimary : reason ? token.colorError : lit ? token.colorPrimary : token.colorBorder;
        return (
          <g
            key={node.key}
            transform={`translate(${x} ${y})`}
            className={styles.node}
            opacity={isLit(node.key) ? 1 : 0.3}
            role="button"
            tabIndex={0}
            aria-label={`${TOPOLOGY_KIND_LABELS[node.kind]}：${node.name}`}
            aria-pressed={isSelected}
            data-testid={`topology-node-${node.key}`}
            data-kind={node.kind}
            data-selected={isSelected || undefined}
            data-dependant={lit || undefined}
            data-broken={reason ? true : undefined}
            onClick={() => onSelect(isSelected ? null : node.key)}
            onKeyDown={keyed(node.key)}
          >
            <title>{reason ? `${node.name}：${TEXT.broken}（${reason}）` : node.name}</title>
            <rect
              width={NODE_WIDTH}
              height={NODE_HEIGHT}
              rx={6}
              fill={lit ? token.colorPrimaryBg : reason ? token.colorErrorBg : token.colorBgContainer}
              stroke={stroke}
              strokeWidth={isSelected || lit || reason ? 2 : 1}
            />
            <rect width={5} height={NODE_HEIGHT} rx={2} fill={kindColor[node.kind]} />
            <text x={14} y={20} fontSize={13} fill={token.colorText}>
              {fitted(node.name, reason ? 20 : 24)}
            </text>
            <text x={14} y={38} fontSize={11} fill={token.colorTextSecondary}>
              {fitted(node.owner_name ? `${TOPOLOGY_KIND_LABELS[node.kind]} · ${node.owner_name}` : TOPOLOGY_KIND_LABELS[node.kind])}
            </text>
            {reason ? (
              <text x={NODE_WIDTH - 22} y={21} fontSize={15} fill={token.colorError}>
                ⚠
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
