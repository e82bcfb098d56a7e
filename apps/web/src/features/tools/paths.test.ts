import { describe, expect, it } from 'vitest';
import { TOOL_LIST_TABS } from './paths';

describe('the tool list tabs', () => {
  it('are the stored kinds, then the built-in tools, each at its own route with the sidebar’s label', () => {
    const kinds = ['llm', 'llm/kb', 'llm/db', 'llm/multimodal', 'service', 'builtin'];
    expect(TOOL_LIST_TABS.map((tab) => tab.kind)).toEqual(kinds);
    expect(TOOL_LIST_TABS.map((tab) => tab.path)).toEqual(kinds.map((kind) => `/tool/${kind}`));
    expect(TOOL_LIST_TABS.map((tab) => tab.label)).toEqual(['API 工具', '知识库工具', '数据库工具', '多模态工具', '服务工具', '内置工具']);
  });
});
