import { agentMcpPath, mcpToolNameOf } from '@agent-platform/contracts';
import { AGENT_PATHS } from '../constants';

interface Target {
  /** The site's origin, e.g. `https://ai.example.com`. */
  origin: string;
  agentId: string;
  /** A whole API key, or a placeholder. */
  apiKey: string;
}

export const completionsUrl = (origin: string) => `${origin}/v1/chat/completions`;

/** The embeddable chat's address: the key travels in the query string (the page has no sign-in). */
export const embedUrl = ({ origin, agentId, apiKey }: Target) => `${origin}${AGENT_PATHS.embed(agentId)}?key=${encodeURIComponent(apiKey)}`;

/** A Markdown code block (the snippets are shown through the chat's Markdown: highlighted, with copy). */
export const codeBlock = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``;

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** `POST /v1/chat/completions` with curl; `-N` so a streamed answer shows as it arrives. */
export function curlExample({ origin, agentId, apiKey }: Target, stream: boolean): string {
  const body = JSON.stringify({ model: agentId, stream, messages: [{ role: 'user', content: '你好，请介绍一下你自己' }] }, null, 2);
  return [
    `curl${stream ? ' -N' : ''} ${completionsUrl(origin)} \\`,
    `  -H ${shellQuote(`Authorization: Bearer ${apiKey}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(body)}`,
  ].join('\n');
}

/** The same call with the OpenAI Python SDK. */
export function pythonExample({ origin, agentId, apiKey }: Target): string {
  return [
    'from openai import OpenAI',
    '',
    `client = OpenAI(base_url="${origin}/v1", api_key="${apiKey}")`,
    'stream = client.chat.completions.create(',
    `    model="${agentId}",`,
    '    messages=[{"role": "user", "content": "你好，请介绍一下你自己"}],',
    '    stream=True,',
    ')',
    'for chunk in stream:',
    '    print(chunk.choices[0].delta.content or "", end="", flush=True)',
  ].join('\n');
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The iframe to paste into a web page. */
export function embedSnippet(target: Target): string {
  return [
    '<iframe',
    `  src="${escapeAttribute(embedUrl(target))}"`,
    '  style="width: 100%; height: 640px; border: none;"',
    '  allow="clipboard-write"',
    '  title="智能体对话"',
    '></iframe>',
  ].join('\n');
}

/** The agent's (or setup's) MCP server: Streamable HTTP at its own URL. */
export const mcpUrl = ({ origin, agentId }: Pick<Target, 'origin' | 'agentId'>) => `${origin}${agentMcpPath(agentId)}`;

/** The `mcpServers` entry MCP clients (Claude Code, Cursor and the like) read: the URL and the key as an `Authorization` header. */
export function mcpClientConfig(target: Target, name: string): string {
  const server = mcpToolNameOf(name, target.agentId).replace(/^ask_/, '');
  return JSON.stringify({ mcpServers: { [server]: { type: 'http', url: mcpUrl(target), headers: { Authorization: `Bearer ${target.apiKey}` } } } }, null, 2);
}

/** The MCP Inspector's command line listing the server's tool. */
export function mcpInspectorCommand(target: Target): string {
  return `npx @modelcontextprotocol/inspector --cli ${mcpUrl(target)} --transport http --method tools/list --header ${shellQuote(`Authorization: Bearer ${target.apiKey}`)}`;
}

/** The first request of an MCP session with curl: the answer's `Mcp-Session-Id` header names the session for the next requests. */
export function mcpCurlExample(target: Target): string {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1.0' } } });
  return [
    `curl -i ${mcpUrl(target)} \\`,
    `  -H ${shellQuote(`Authorization: Bearer ${target.apiKey}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H 'Accept: application/json, text/event-stream' \\`,
    `  -d ${shellQuote(body)}`,
  ].join('\n');
}
