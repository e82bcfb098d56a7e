import type { AgentInfo } from '@agent-platform/contracts';
import { AppError, type Viewer } from '../../core/index.js';
import type { McpCatalog } from '../mcp/index.js';

/** Characters of one attached resource the model is given: context, not a document store. */
const MAX_RESOURCE_CHARS = 8_000;

/**
 * The MCP resources an agent attaches, read fresh for each turn into a block of its system prompt;
 * one that cannot be read (or a service the viewer may no longer use) becomes a note, not a failure.
 */
export async function attachedResources(mcp: Pick<McpCatalog, 'readResources'>, viewer: Viewer, agent: Pick<AgentInfo, 'services'>): Promise<{ context: string; unavailable: string[] }> {
  const blocks: string[] = [];
  const unavailable: string[] = [];
  for (const service of agent.services) {
    if (!service.resources?.length) continue;
    try {
      for (const read of await mcp.readResources(viewer, service.service_id, service.resources, MAX_RESOURCE_CHARS)) {
        if (read.error) unavailable.push(read.error);
        else blocks.push(`<resource uri="${read.uri}">\n${read.text ?? ''}\n</resource>`);
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      unavailable.push(`附加的资源不可用：${error.message}`);
    }
  }
  const context = blocks.length ? `以下是附加的参考资料（来自 MCP 服务的资源），回答时可以引用：\n\n${blocks.join('\n\n')}` : '';
  return { context, unavailable };
}
