import type { TopologyEdge } from '@agent-platform/contracts';
import { theme } from 'antd';
import { NODE_HEIGHT, NODE_WIDTH, type TopologyLayout } from '../topology-layout';
import styles from './Topology.module.css';
import { TopologyNodeBox } from './TopologyNodeBox';

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

/** An arrowhead for the edges; `lit` ones in the primary colour. */
function Arrow({ id, color }: { id: string; color: string }) {
  return (
    <marker id={id} viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
      <path d="M 0 0 L 10 5 L 0 10 z" fill={color} />
    </marker>
  );
}

/** The graph as SVG: a node per thing in its kind's colour, an arrow from each user to what it uses (dashed: a reference that does not block deletion). */
export function TopologyGraph({ layout, edges, zoom, selected, dependants, litEdges, broken, onSelect }: TopologyGraphProps) {
  const { token } = theme.useToken();
  const place = new Map(layout.nodes.map((placed) => [placed.node.key, placed]));
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
        <Arrow id="topology-arrow" color={token.colorTextQuaternary} />
        <Arrow id="topology-arrow-lit" color={token.colorPrimary} />
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
      {layout.nodes.map(({ node, x, y }) => (
        <TopologyNodeBox
          key={node.key}
          node={node}
          x={x}
          y={y}
          selected={node.key === selected}
          dependant={selected !== null && dependants.has(node.key)}
          dimmed={selected !== null && node.key !== selected && !dependants.has(node.key)}
          brokenReason={broken.get(node.key)}
          onToggle={() => onSelect(node.key === selected ? null : node.key)}
        />
      ))}
    </svg>
  );
}
