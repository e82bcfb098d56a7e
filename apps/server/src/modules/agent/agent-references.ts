import type { CreateAgentBody } from '@agent-platform/contracts';
import type { Viewer } from '../../core/index.js';
import type { LlmService } from '../llm/index.js';

/** What another module knows of a thing an agent refers to: enough to name it. */
export interface NamedThing {
  name: string;
  title?: string;
  description?: string;
}

/**
 * How the agent module checks its references, handed in by app.ts so it needs no other module's
 * internals. Each throws the owning module's error (40401 for anything the viewer may not use).
 */
export interface AgentReferenceLookups {
  llm: LlmService;
  /** Built-in tool names and custom tool ids, in the order asked. */
  resolveTools(viewer: Viewer, ids: string[]): Promise<NamedThing[]>;
  getKb(viewer: Viewer, kbId: string): Promise<NamedThing>;
  getService(viewer: Viewer, serviceId: string): Promise<NamedThing>;
}

type References = Partial<Pick<CreateAgentBody, 'llm_name' | 'tool_ids' | 'kb_ids' | 'services'>>;

const added = (given: string[] | undefined, stored: string[] = []) => (given ?? []).filter((id) => !stored.includes(id));

/**
 * Checks what the viewer adds: the chat model, tools, knowledge bases and services must be theirs to
 * use. References already stored are not checked again (a model disabled since, say, does not block
 * changing the agent's name); the engine checks everything when the agent runs.
 */
export async function checkReferences(lookups: AgentReferenceLookups, viewer: Viewer, given: References, stored: Required<References> | undefined = undefined): Promise<void> {
  if (given.llm_name !== undefined && given.llm_name.toLowerCase() !== stored?.llm_name.toLowerCase()) {
    await lookups.llm.resolveModel(viewer, given.llm_name, 'chat');
  }
  const tools = added(given.tool_ids, stored?.tool_ids);
  if (tools.length > 0) await lookups.resolveTools(viewer, [...new Set(tools)]);
  for (const kbId of new Set(added(given.kb_ids, stored?.kb_ids))) await lookups.getKb(viewer, kbId);
  const services = added(
    given.services?.map((service) => service.service_id),
    stored?.services.map((service) => service.service_id),
  );
  for (const serviceId of new Set(services)) await lookups.getService(viewer, serviceId);
}
