import { MENU, TOOL_KIND_LABELS, TOOL_KINDS, type ToolListKind } from '@agent-platform/contracts';

/* What the router needs at start; the pages' texts (constants.ts) come with the pages, out of the JavaScript /login loads. */
export const TOOL_TITLES = { list: '工具管理', create: '创建工具', edit: '编辑工具', call: '工具调用', provider: 'API 工具集' } as const;

const menuLabels = new Map(MENU.flatMap((group) => group.children).map((leaf) => [leaf.path, leaf.label]));

/** The list tabs in order: each is its own route, labelled as the sidebar links it (built-in tools have no sidebar entry). */
export const TOOL_LIST_TABS: Array<{ kind: ToolListKind; path: string; label: string }> = [...TOOL_KINDS, 'builtin' as const].map((kind) => {
  const path = `/tool/${kind}`;
  return { kind, path, label: menuLabels.get(path) ?? TOOL_KIND_LABELS[kind] };
});

export const TOOL_PATHS = {
  list: '/tool/llm',
  listOf: (kind: ToolListKind) => TOOL_LIST_TABS.find((tab) => tab.kind === kind)?.path ?? '/tool/llm',
  create: (kind?: string) => (kind ? `/tool/create?kind=${encodeURIComponent(kind)}` : '/tool/create'),
  edit: (id: string) => `/tool/edit/${encodeURIComponent(id)}`,
  call: (id: string) => `/tool/call/${encodeURIComponent(id)}`,
  provider: (id: string) => `/tool/provider/${encodeURIComponent(id)}`,
  services: '/service',
} as const;
