import type { MaEdge, MaMember, MaMode } from '@agent-platform/contracts';

/** A member as the canvas holds it: always placed. */
export type CanvasMember = Omit<MaMember, 'position'> & { position: { x: number; y: number } };

export interface CanvasGraph {
  members: CanvasMember[];
  edges: MaEdge[];
  start_agent_id: string;
}

export type GraphAction =
  | { type: 'add'; agent: { id: string; name: string; avatar: string }; at: { x: number; y: number } }
  | { type: 'move'; agentId: string; to: { x: number; y: number } }
  | { type: 'connect'; from: string; to: string }
  | { type: 'removeMember'; agentId: string }
  | { type: 'removeEdge'; from: string; to: string }
  | { type: 'setStart'; agentId: string }
  | { type: 'setNote'; agentId: string; note: string }
  | { type: 'setHitl'; agentId: string; hitl: MaMember['hitl'] }
  | { type: 'layout' };

const COLUMN = 220;
const ROW = 110;
const MARGIN = 40;
export const MAX_MEMBERS = 10;

/** Members in columns by their distance from the start along the edges; the unreachable in a last column. */
export function autoLayout(graph: CanvasGraph): CanvasGraph {
  const level = new Map<string, number>([[graph.start_agent_id, 0]]);
  const queue = [graph.start_agent_id];
  while (queue.length) {
    const from = queue.shift()!;
    for (const edge of graph.edges) {
      if (edge.from === from && !level.has(edge.to)) {
        level.set(edge.to, level.get(from)! + 1);
        queue.push(edge.to);
      }
    }
  }
  const last = Math.max(0, ...level.values()) + 1;
  const rows = new Map<number, number>();
  const members = graph.members.map((member) => {
    const column = level.get(member.agent_id) ?? last;
    const row = rows.get(column) ?? 0;
    rows.set(column, row + 1);
    return { ...member, position: { x: MARGIN + column * COLUMN, y: MARGIN + row * ROW } };
  });
  return { ...graph, members };
}

/** The canvas's graph from a saved setup: members without a place are laid out. */
export function canvasGraphOf(setup: { members: MaMember[]; edges: MaEdge[]; start_agent_id: string }): CanvasGraph {
  const graph = { ...setup, members: setup.members.map((member) => ({ ...member, position: member.position ?? { x: 0, y: 0 } })) };
  return setup.members.every((member) => member.position) ? graph : autoLayout(graph);
}

const withMember = (graph: CanvasGraph, agentId: string, change: (member: CanvasMember) => CanvasMember): CanvasGraph => ({
  ...graph,
  members: graph.members.map((member) => (member.agent_id === agentId ? change(member) : member)),
});

/** One change to the graph; a change that cannot apply (a duplicate, a self edge, an 11th member) leaves it as it was. */
export function applyGraphAction(graph: CanvasGraph, action: GraphAction): CanvasGraph {
  switch (action.type) {
    case 'add': {
      if (graph.members.length >= MAX_MEMBERS || graph.members.some((member) => member.agent_id === action.agent.id)) return graph;
      const member: CanvasMember = { agent_id: action.agent.id, agent_name: action.agent.name, agent_avatar: action.agent.avatar, note: '', hitl: null, position: action.at };
      return { ...graph, members: [...graph.members, member], start_agent_id: graph.start_agent_id || action.agent.id };
    }
    case 'move':
      return withMember(graph, action.agentId, (member) => ({ ...member, position: action.to }));
    case 'connect': {
      const known = (id: string) => graph.members.some((member) => member.agent_id === id);
      const exists = graph.edges.some((edge) => edge.from === action.from && edge.to === action.to);
      if (action.from === action.to || exists || !known(action.from) || !known(action.to)) return graph;
      return { ...graph, edges: [...graph.edges, { from: action.from, to: action.to }] };
    }
    case 'removeMember': {
      const members = graph.members.filter((member) => member.agent_id !== action.agentId);
      const edges = graph.edges.filter((edge) => edge.from !== action.agentId && edge.to !== action.agentId);
      const start = graph.start_agent_id === action.agentId ? (members[0]?.agent_id ?? '') : graph.start_agent_id;
      return { members, edges, start_agent_id: start };
    }
    case 'removeEdge':
      return { ...graph, edges: graph.edges.filter((edge) => edge.from !== action.from || edge.to !== action.to) };
    case 'setStart':
      return { ...graph, start_agent_id: action.agentId };
    case 'setNote':
      return withMember(graph, action.agentId, (member) => ({ ...member, note: action.note }));
    case 'setHitl':
      return withMember(graph, action.agentId, (member) => ({ ...member, hitl: action.hitl }));
    case 'layout':
      return autoLayout(graph);
  }
}

/** The graph with its past and future, for undo and redo. */
interface GraphHistory {
  past: CanvasGraph[];
  present: CanvasGraph;
  future: CanvasGraph[];
}

export type HistoryAction = GraphAction | { type: 'undo' } | { type: 'redo' } | { type: 'reset'; graph: CanvasGraph };

const HISTORY_LIMIT = 100;

export function graphHistory(state: GraphHistory, action: HistoryAction): GraphHistory {
  switch (action.type) {
    case 'undo':
      return state.past.length ? { past: state.past.slice(0, -1), present: state.past.at(-1)!, future: [state.present, ...state.future] } : state;
    case 'redo':
      return state.future.length ? { past: [...state.past, state.present], present: state.future[0]!, future: state.future.slice(1) } : state;
    case 'reset':
      return { past: [], present: action.graph, future: [] };
    default: {
      const next = applyGraphAction(state.present, action);
      if (next === state.present) return state;
      return { past: [...state.past, state.present].slice(-HISTORY_LIMIT), present: next, future: [] };
    }
  }
}

/** Edges the mode does not allow, drawn red: every edge of a `supervisor` setup, and branches of a `sequential` one. */
export function invalidEdges(mode: MaMode, edges: MaEdge[]): Set<string> {
  if (mode === 'supervisor') return new Set(edges.map(edgeKey));
  if (mode === 'handoff') return new Set();
  const count = (pick: (edge: MaEdge) => string) => edges.reduce((counts, edge) => counts.set(pick(edge), (counts.get(pick(edge)) ?? 0) + 1), new Map<string, number>());
  const [outgoing, incoming] = [count((edge) => edge.from), count((edge) => edge.to)];
  return new Set(edges.filter((edge) => outgoing.get(edge.from)! > 1 || incoming.get(edge.to)! > 1).map(edgeKey));
}

export const edgeKey = (edge: MaEdge) => `${edge.from}>${edge.to}`;
export const emptyGraph = (): CanvasGraph => ({ members: [], edges: [], start_agent_id: '' });
