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
