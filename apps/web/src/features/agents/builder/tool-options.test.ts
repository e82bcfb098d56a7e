import type { ToolInfo } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { toolOptionGroups } from './tool-options';

const tool = (id: string, kind: ToolInfo['kind'], title = ''): ToolInfo =>
  ({
    id,
    name: id,
    title,
    description: '',
    kind,
    tags: [],
    is_public: false,
    owner_id: null,
    owner_name: '',
    editable: false,
    input_schema: {},
    config: {},
    created_at: null,
    updated_at: null,
    provider: null,
  }) as ToolInfo;

describe('tool options', () => {
  it('groups tools by kind, built-in first, labelled by title or else name', () => {
    const groups = toolOptionGroups([tool('weather', 'llm', '天气'), tool('calculator', 'builtin', '计算器'), tool('kb_search', 'llm/kb'), tool('current_time', 'builtin')]);
    expect(groups.map((group) => group.label)).toEqual(['内置工具', 'API 工具', '知识库检索']);
    expect(groups[0]?.options.map((option) => option.label)).toEqual(['计算器', 'current_time']);
    expect(toolOptionGroups(undefined)).toEqual([]);
  });
});
