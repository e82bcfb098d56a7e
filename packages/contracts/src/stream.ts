/** The one stream every chat uses (docs/streaming.md): event names and their data. */
export interface StreamEventMap {
  run: { run_id: string; conversation_id: string | null; message_id: string | null };
  /** `agent_id`: in multi-agent chat, the member (or the setup, for its coordinator) who speaks. */
  delta: { text: string; agent_id?: string };
  reasoning: { text: string };
  /** Segments in citation order: the answer cites `segments[n - 1]` as [n]. `mode`/`notice`: as in a search result. */
  retrieval: {
    step_id: string;
    segments: Array<{ segment_id: string; doc_id: string; doc_name: string; kb_id: string; text: string; score: number; kb_name?: string; seq?: number }>;
    mode?: 'hybrid' | 'fulltext' | 'vector';
    notice?: string | null;
  };
  /** `title`: the tool's name as people know it (an MCP function's title, a custom tool's display name). */
  action: { step_id: string; agent_id?: string; tool: string; tool_call_id: string; input: unknown; title?: string };
  observation: { step_id: string; agent_id?: string; tool: string; output: unknown; error?: string };
  plan: { steps: Array<{ index: number; title: string; detail: string; status?: 'pending' | 'running' | 'done' }> };
  handoff: { from_agent_id: string; to_agent_id: string; reason: string };
  await: { kind: 'action_confirm' | 'observation_confirm' | 'plan_confirm'; step_id: string; agent_id?: string; payload: unknown };
  usage: { prompt_tokens: number; completion_tokens: number };
  /** Asset chat: the rows one guarded, read-only SQL answered (`rows` capped; `truncated` when more existed). */
  result: { step_id: string; sql: string; columns: string[]; rows: unknown[][]; truncated: boolean; duration_ms: number };
  /** Asset chat: the chart the result's shape suggests. */
  chart: { type: 'bar' | 'line' | 'pie' | 'none'; x: string | null; y: string[] };
  error: { code: number; msg: string };
  done: { run_id: string; status: RunEndStatus };
}

export type StreamEventType = keyof StreamEventMap;
export type RunEndStatus = 'completed' | 'awaiting' | 'finished' | 'failed' | 'cancelled';

export type StreamEvent = { [K in StreamEventType]: { id: number; event: K; data: StreamEventMap[K] } }[StreamEventType];
