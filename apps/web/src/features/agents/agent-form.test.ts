import { createAgentBody, type AgentInfo } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { toAgentBody, toDraft, toFormValues } from './agent-form';

const saved: AgentInfo = {
  id: '7f3c2a9e-1b2d-4c5e-8f90-123456789abc',
  name: '旅行助手',
  avatar: '✈️',
  description: '规划行程',
  system_prompt: '你是旅行规划师',
  prompt_shared: false,
  opening_message: '你好',
  suggested_questions: ['去哪玩'],
  llm_name: 'chat-a',
  temperature: 0.3,
  top_p: null,
  max_tokens: null,
  tool_ids: ['calculator'],
  services: [
    { service_id: '0b8e2f7c-4a1d-4e2b-9c3d-abcdefabcdef', functions: ['search'] },
    { service_id: '1b8e2f7c-4a1d-4e2b-9c3d-abcdefabcdef', resources: ['doc://handbook'] },
  ],
  kb_ids: [],
  retrieval: { top_k: 5, threshold: 0, mode: 'hybrid' },
  hitl: { action_confirm: true, observation_confirm: false },
  max_steps: 8,
  history_turns: 5,
  tags: ['出行'],
  is_public: false,
  owner_id: 'u',
  owner_name: 'alice',
  editable: true,
  created_at: '',
  updated_at: '',
};

describe('agent form values', () => {
  it('round-trips a saved agent into the body the server accepts unchanged', () => {
    const body = toAgentBody(toFormValues(saved));
    expect(createAgentBody.parse(body)).toEqual(body);
    expect(body.services).toEqual(saved.services);
    expect(body).toMatchObject({ name: '旅行助手', temperature: 0.3, top_p: null, hitl: saved.hitl, tags: ['出行'] });
  });

  it('trims, drops blank questions and tags, and sends cleared numbers as null', () => {
    const values = { ...toFormValues(undefined, 'chat-a'), name: ' 助手 ', avatar: ' ', suggested_questions: [' 问 ', '  '], tags: [' 甲 ', ''], temperature: undefined, max_tokens: null };
    const body = toAgentBody(values);
    expect(body).toMatchObject({ name: '助手', avatar: '🤖', llm_name: 'chat-a', suggested_questions: ['问'], tags: ['甲'], temperature: null, max_tokens: null, max_steps: 8 });
    expect(createAgentBody.safeParse(body).success).toBe(true);
  });

  it('leaves out of the preview draft what is still empty, so the saved values apply', () => {
    const values = {
      ...toFormValues(saved),
      name: '',
      llm_name: undefined,
      max_steps: null as unknown as number,
      retrieval: { top_k: null as unknown as number, threshold: 0, mode: 'hybrid' as const },
    };
    const draft = toDraft(values);
    expect(draft).not.toHaveProperty('name');
    expect(draft).not.toHaveProperty('llm_name');
    expect(draft).not.toHaveProperty('max_steps');
    expect(draft).not.toHaveProperty('retrieval');
    expect(draft).toMatchObject({ system_prompt: '你是旅行规划师', history_turns: 5, tool_ids: ['calculator'] });
    expect(createAgentBody.partial().safeParse(draft).success).toBe(true);
  });
});
