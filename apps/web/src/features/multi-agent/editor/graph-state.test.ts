import { maGraphProblems } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { applyGraphAction, autoLayout, canvasGraphOf, emptyGraph, graphHistory, invalidEdges, MAX_MEMBERS, type CanvasGraph, type GraphAction } from './graph-state';

const agent = (id: string) => ({ id, name: `智能体${id}`, avatar: '🤖' });
const run = (actions: GraphAction[], from: CanvasGraph = emptyGraph()) => actions.reduce(applyGraphAction, from);

describe('the multi-agent canvas graph', () => {
  it('adds members (the first becomes the start), connects them once, and removes a member with its edges', () => {
    const graph = run([
      { type: 'add', agent: agent('a'), at: { x: 0, y: 0 } },
      { type: 'add', agent: agent('b'), at: { x: 200, y: 0 } },
      { type: 'add', agent: agent('b'), at: { x: 400, y: 0 } },
      { type: 'connect', from: 'a', to: 'b' },
      { type: 'connect', from: 'a', to: 'b' },
      { type: 'connect', from: 'a', to: 'a' },
      { type: 'connect', from: 'a', to: 'x' },
    ]);
    expect(graph.members.map((member) => member.agent_id)).toEqual(['a', 'b']);
    expect(graph.start_agent_id).toBe('a');
    expect(graph.edges).toEqual([{ from: 'a', to: 'b' }]);
    const without = applyGraphAction(graph, { type: 'removeMember', agentId: 'a' });
    expect(without).toMatchObject({ edges: [], start_agent_id: 'b' });
    const full = run(Array.from({ length: MAX_MEMBERS + 1 }, (_, index) => ({ type: 'add' as const, agent: agent(String(index)), at: { x: 0, y: 0 } })));
    expect(full.members).toHaveLength(MAX_MEMBERS);
  });

  it('undoes and redoes changes; a change after an undo drops the redo', () => {
    let state = graphHistory({ past: [], present: emptyGraph(), future: [] }, { type: 'add', agent: agent('a'), at: { x: 0, y: 0 } });
    state = graphHistory(state, { type: 'add', agent: agent('b'), at: { x: 0, y: 0 } });
    state = graphHistory(state, { type: 'undo' });
    expect(state.present.members).toHaveLength(1);
    state = graphHistory(state, { type: 'redo' });
    expect(state.present.members).toHaveLength(2);
    state = graphHistory(state, { type: 'undo' });
    state = graphHistory(state, { type: 'setNote', agentId: 'a', note: '先问我' });
    expect(state.future).toEqual([]);
    expect(graphHistory(state, { type: 'redo' })).toBe(state);
  });

  it('lays members out by distance from the start, and keeps saved places', () => {
    const graph = run([
      { type: 'add', agent: agent('a'), at: { x: 9, y: 9 } },
      { type: 'add', agent: agent('b'), at: { x: 9, y: 9 } },
      { type: 'add', agent: agent('c'), at: { x: 9, y: 9 } },
      { type: 'connect', from: 'a', to: 'b' },
    ]);
    expect(autoLayout(graph).members.map((member) => member.position)).toEqual([
      { x: 40, y: 40 },
      { x: 260, y: 40 },
      { x: 480, y: 40 },
    ]);
    const saved = { ...graph, members: graph.members.map((member) => ({ ...member, position: { x: 1, y: 2 } })) };
    expect(canvasGraphOf(saved).members[0]!.position).toEqual({ x: 1, y: 2 });
  });

  it('marks the edges a mode does not allow, and the contract names the problems', () => {
    const edges = [
      { from: 'a', to: 'b' },
      { from: 'a', to: 'c' },
    ];
    expect([...invalidEdges('sequential', edges)]).toEqual(['a>b', 'a>c']);
    expect(invalidEdges('handoff', edges).size).toBe(0);
    const problems = maGraphProblems({ mode: 'sequential', members: [{ agent_id: 'a' }, { agent_id: 'b' }, { agent_id: 'c' }], edges, start_agent_id: 'a' });
    expect(problems).toEqual(['顺序模式的连线必须从起始智能体出发，依次经过每个成员一次（一条不分叉的链）']);
  });
});
