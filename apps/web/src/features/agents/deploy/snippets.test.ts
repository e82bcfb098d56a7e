import { describe, expect, it } from 'vitest';
import { curlExample, embedSnippet, embedUrl, mcpClientConfig, mcpCurlExample, mcpInspectorCommand, mcpUrl } from './snippets';

const target = { origin: 'https://ai.example.com', agentId: '7f3c2a9e-1b2d-4c5e-8f90-123456789abc', apiKey: 'ak-abc&1' };

describe('publishing snippets', () => {
  it('calls the OpenAI-compatible endpoint with the agent as model and the key as bearer', () => {
    const curl = curlExample(target, true);
    expect(curl).toContain('curl -N https://ai.example.com/v1/chat/completions');
    expect(curl).toContain("-H 'Authorization: Bearer ak-abc&1'");
    const body = JSON.parse(/-d '([\s\S]*)'$/.exec(curl)?.[1] ?? '') as Record<string, unknown>;
    expect(body).toMatchObject({ model: target.agentId, stream: true });
    expect(curlExample(target, false)).not.toContain('-N');
    expect(curlExample({ ...target, apiKey: "it's" }, false)).toContain("Bearer it'\\''s'");
  });

  it('embeds the chat page with the key in the query string, escaped for the attribute', () => {
    expect(embedUrl(target)).toBe(`https://ai.example.com/embed/agent/${target.agentId}?key=ak-abc%261`);
    expect(embedSnippet({ ...target, apiKey: '<你的密钥>' })).toMatch(/^<iframe\n {2}src="https:\/\/ai\.example\.com\/embed\/agent\/[^"]+\?key=%3C[^"]+"\n/);
  });

  it('configures MCP clients with the agent’s own URL and the key as an Authorization header', () => {
    expect(mcpUrl(target)).toBe(`https://ai.example.com/v1/mcp/${target.agentId}`);
    expect(JSON.parse(mcpClientConfig(target, 'Support Bot'))).toEqual({
      mcpServers: { support_bot: { type: 'http', url: mcpUrl(target), headers: { Authorization: 'Bearer ak-abc&1' } } },
    });
    expect(Object.keys(JSON.parse(mcpClientConfig(target, '售后助手')).mcpServers)).toEqual(['agent_7f3c2a9e']);
    expect(mcpInspectorCommand(target)).toBe(`npx @modelcontextprotocol/inspector --cli ${mcpUrl(target)} --transport http --method tools/list --header 'Authorization: Bearer ak-abc&1'`);
    expect(mcpCurlExample(target)).toContain(`curl -i ${mcpUrl(target)} \\`);
    expect(mcpCurlExample(target)).toContain('"method":"initialize"');
  });
});
