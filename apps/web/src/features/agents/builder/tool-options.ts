import { TOOL_KIND_LABELS, type ToolInfo, type ToolListKind } from '@agent-platform/contracts';

/** The order kinds are offered in: built-in first, then what users made. */
const KIND_ORDER: ToolListKind[] = ['builtin', 'llm', 'llm/kb', 'llm/multimodal', 'service', 'llm/db'];

export interface ToolOptionGroup {
  label: string;
  title: string;
  options: Array<{ value: string; label: string; title: string }>;
}

/** Tools grouped by kind for the builder's picker; a tool's label is its title, its hint the description. */
export function toolOptionGroups(tools: ToolInfo[] | undefined): ToolOptionGroup[] {
  const groups = new Map<ToolListKind, ToolOptionGroup['options']>();
  for (const tool of tools ?? []) {
    const list = groups.get(tool.kind) ?? [];
    list.push({ value: tool.id, label: tool.title || tool.name, title: tool.description || tool.name });
    groups.set(tool.kind, list);
  }
  const rank = (kind: ToolListKind) => (KIND_ORDER.includes(kind) ? KIND_ORDER.indexOf(kind) : KIND_ORDER.length);
  return [...groups.entries()].sort(([a], [b]) => rank(a) - rank(b)).map(([kind, options]) => ({ label: TOOL_KIND_LABELS[kind] ?? kind, title: TOOL_KIND_LABELS[kind] ?? kind, options }));
}
