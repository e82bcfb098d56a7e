import type { TopologyEdge, TopologyNode } from '@agent-platform/contracts';

/** A node's box on the drawing, in drawing units (pixels at 100%). */
export const NODE_WIDTH = 160;
export const NODE_HEIGHT = 48;
const COLUMN_GAP = 60;
const ROW_GAP = 16;
const MARGIN = 24;
/** Reordering passes: each sorts a column by where its neighbours sit, which shortens crossing edges. */
const SWEEPS = 4;

export interface PlacedNode {
  node: TopologyNode;
  x: number;
  y: number;
}

export interface TopologyLayout {
  nodes: PlacedNode[];
  width: number;
  height: number;
}

/**
 * Columns by how far a thing is from the things nobody uses: agents and setups on the left, what they
 * use to the right, models last. Each thing sits one column right of its rightmost user (a cycle is
 * cut where it closes). Within a column, things start by kind and name, then move towards the average
 * row of their neighbours, a few passes each way.
 */
export function layoutTopology(nodes: TopologyNode[], edges: TopologyEdge[]): TopologyLayout {
  const keys = new Set(nodes.map((node) => node.key));
  const inside = edges.filter((edge) => keys.has(edge.from) && keys.has(edge.to) && edge.from !== edge.to);
  const users = new Map<string, string[]>();
  const used = new Map<string, string[]>();
  for (const edge of inside) {
    users.set(edge.to, [...(users.get(edge.to) ?? []), edge.from]);
    used.set(edge.from, [...(used.get(edge.from) ?? []), edge.to]);
  }

  const column = new Map<string, number>();
  const placing = new Set<string>();
  const columnOf = (key: string): number => {
    const known = column.get(key);
    if (known !== undefined) return known;
    if (placing.has(key)) return -1; // a cycle: this user does not push the thing further right
    placing.add(key);
    const value = Math.max(-1, ...(users.get(key) ?? []).map(columnOf)) + 1;
    placing.delete(key);
    column.set(key, value);
    return value;
  };
  for (const node of nodes) columnOf(node.key);

  const columns: TopologyNode[][] = [];
  for (const node of [...nodes].sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name, 'zh-CN'))) {
    const index = column.get(node.key) ?? 0;
    (columns[index] ??= []).push(node);
  }
  const filled = columns.filter((entries) => entries.length > 0);

  const row = new Map<string, number>();
  const number = () => filled.forEach((entries) => entries.forEach((node, index) => row.set(node.key, index)));
  number();
  const byNeighbours = (entries: TopologyNode[], neighbours: Map<string, string[]>) => {
    const centre = (node: TopologyNode) => {
      const rows = (neighbours.get(node.key) ?? []).map((key) => row.get(key)).filter((value): value is number => value !== undefined);
      return rows.length > 0 ? rows.reduce((sum, value) => sum + value, 0) / rows.length : (row.get(node.key) ?? 0);
    };
    const centres = new Map(entries.map((node) => [node.key, centre(node)]));
    entries.sort((a, b) => centres.get(a.key)! - centres.get(b.key)!);
  };
  for (let sweep = 0; sweep < SWEEPS; sweep += 1) {
    const forward = sweep % 2 === 0;
    const order = forward ? filled.slice(1) : filled.slice(0, -1).reverse();
    for (const entries of order) {
      byNeighbours(entries, forward ? users : used);
      number();
    }
  }

  const tallest = Math.max(0, ...filled.map((entries) => entries.length));
  const columnHeight = (count: number) => count * NODE_HEIGHT + Math.max(0, count - 1) * ROW_GAP;
  const height = columnHeight(tallest) + 2 * MARGIN;
  const placed = filled.flatMap((entries, index) => {
    const top = MARGIN + (columnHeight(tallest) - columnHeight(entries.length)) / 2;
    return entries.map((node, position) => ({ node, x: MARGIN + index * (NODE_WIDTH + COLUMN_GAP), y: top + position * (NODE_HEIGHT + ROW_GAP) }));
  });
  return { nodes: placed, width: filled.length * NODE_WIDTH + Math.max(0, filled.length - 1) * COLUMN_GAP + 2 * MARGIN, height };
}

/** The edges to draw bright for a selection: those from a dependant to the selected thing or to another dependant. */
export function highlightedEdges(selected: string, dependants: Set<string>, edges: TopologyEdge[]): Set<string> {
  const reached = new Set([selected, ...dependants]);
  return new Set(edges.filter((edge) => dependants.has(edge.from) && reached.has(edge.to)).map((edge) => `${edge.from}>${edge.to}`));
}
