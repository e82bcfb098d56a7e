import type { TopologyKind, TopologyNode } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { highlightedEdges, layoutTopology, NODE_HEIGHT } from './topology-layout';

const node = (kind: TopologyKind, id: string): TopologyNode => ({ key: `${kind}:${id}`, kind, id, name: id, owner_id: null, owner_name: null, is_public: true, tags: [], dependants: [] });
const edge = (from: string, to: string) => ({ from, to, blocks_delete: true });

describe('layoutTopology', () => {
  it('puts users left of what they use, each thing one column right of its rightmost user', () => {
    const nodes = [node('model', 'chat'), node('model', 'embed'), node('agent', 'a'), node('tool', 't'), node('knowledge_base', 'k')];
    const edges = [edge('agent:a', 'model:chat'), edge('agent:a', 'tool:t'), edge('tool:t', 'knowledge_base:k'), edge('knowledge_base:k', 'model:embed')];
    const layout = layoutTopology(nodes, edges);
    const x = (key: string) => layout.nodes.find((placed) => placed.node.key === key)!.x;
    expect(x('agent:a')).toBeLessThan(x('tool:t'));
    expect(x('tool:t')).toBeLessThan(x('knowledge_base:k'));
    expect(x('knowledge_base:k')).toBeLessThan(x('model:embed'));
    expect(x('model:chat')).toBe(x('tool:t'));
    expect(layout.width).toBeGreaterThan(x('model:embed'));
  });

  it('never overlaps two nodes of a column and survives a cycle', () => {
    const nodes = [node('agent', 'a'), node('agent', 'b'), node('tool', 'x'), node('tool', 'y')];
    const layout = layoutTopology(nodes, [edge('tool:x', 'tool:y'), edge('tool:y', 'tool:x'), edge('agent:a', 'tool:x'), edge('agent:b', 'tool:x')]);
    expect(layout.nodes).toHaveLength(4);
    const spots = layout.nodes.map((placed) => `${placed.x},${placed.y}`);
    expect(new Set(spots).size).toBe(4);
    for (const placed of layout.nodes) expect(placed.y + NODE_HEIGHT).toBeLessThanOrEqual(layout.height);
  });

  it('draws nothing for nothing', () => {
    expect(layoutTopology([], [])).toMatchObject({ nodes: [] });
  });
});

describe('highlightedEdges', () => {
  it('lights the paths from the dependants to the selected thing only', () => {
    const edges = [edge('agent:a', 'tool:t'), edge('tool:t', 'model:m'), edge('agent:a', 'model:other'), edge('agent:b', 'model:m')];
    expect([...highlightedEdges('model:m', new Set(['tool:t', 'agent:a', 'agent:b']), edges)].sort()).toEqual(['agent:a>tool:t', 'agent:b>model:m', 'tool:t>model:m']);
  });
});
