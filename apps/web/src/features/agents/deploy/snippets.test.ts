import { describe, expect, it } from 'vitest';
import { curlExample, embedSnippet, embedUrl } from './snippets';

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
});
