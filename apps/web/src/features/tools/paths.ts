import type { ToolListKind } from '@agent-platform/contracts';

/* What the router needs at start; the pages' texts (constants.ts) come with the pages, out of the JavaScript /login loads. */
export const TOOL_TITLES = { list: '工具管理', create: '创建工具', edit: '编辑工具', call: '工具调用', provider: 'API 工具集' } as const;

/** The list tabs in order: each is its own route (the sidebar links the stored kinds). */
export const TOOL_LIST_TABS: Array<{ kind: ToolListKind; path: string; label: string }> = [
  { kind: 'llm', path: '/tool/llm', label: 'API 工具' },
  { kind: 'llm/kb', path: '/tool/llm/kb', label: '知识库工具' },
  { kind: 'llm/db', path: '/tool/llm/db', label: '数据库工具' },
  { kind: 'llm/multimodal', path: '/tool/llm/multimodal', label: '多模态工具' },
  { kind: 'service', path: '/tool/service', label: '服务工具' },
  { kind: 'builtin', path: '/tool/builtin', label: '内置工具' },
];

export const TOOL_PATHS = {
  list: '/tool/llm',
  listOf: (kind: ToolListKind) => TOOL_LIST_TABS.find((tab) => tab.kind === kind)?.path ?? '/tool/llm',
  create: (kind?: string) => (kind ? `/tool/create?kind=${encodeURIComponent(kind)}` : '/tool/create'),
  edit: (id: string) => `/tool/edit/${encodeURIComponent(id)}`,
  call: (id: string) => `/tool/call/${encodeURIComponent(id)}`,
  provider: (id: string) => `/tool/provider/${encodeURIComponent(id)}`,
  services: '/service',
} as const;
