import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, test } from '../support/test';
import { adminToken, apiCreateModel } from '../support/api';
import { SCRIPTED_LLM_BASE_URL } from '../support/constants';
import { inDarkMode, uniqueModelName } from '../support/models';
import { createKeyOnDeployPage, shot, toast, useToken } from '../support/ui';

interface CopiedConfig {
  mcpServers: Record<string, { type: string; url: string; headers: Record<string, string> }>;
}

test('copies an agent’s MCP configuration from its deploy page, and an MCP client connects with exactly that', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  await useToken(page, token);
  const model = uniqueModelName('e2e-mcp');
  await apiCreateModel(request, token, { llm_name: model, display_name: `MCP 模型 ${model}`, type: 'chat', provider: 'openai-compatible', base_url: SCRIPTED_LLM_BASE_URL });
  const suffix = Date.now().toString(36);
  const created = await request.post('/api/agent/create', { data: { name: `Help Desk ${suffix}`, llm_name: model }, headers: { 'access-token': token } });
  const agentId = ((await created.json()) as { data: { id: string } }).data.id;

  await page.goto(`/agent/dep/${agentId}`);
  const mcpCard = page.locator('.ant-card').filter({ has: page.getByText('MCP 服务', { exact: true }) });
  await expect(mcpCard).toContainText(`/v1/mcp/${agentId}`);
  await expect(mcpCard).toContainText(`ask_help_desk_${suffix}`);
  // Without a key at hand the snippet shows where it goes.
  await expect(page.getByTestId('mcp-config')).toContainText('Bearer <你的密钥>');

  const key = await createKeyOnDeployPage(page, 'MCP 客户端');
  await expect(page.getByTestId('mcp-config')).toContainText(`Bearer ${key}`);
  await mcpCard.scrollIntoViewIfNeeded();
  await shot(page, 'agent-deploy-mcp-light');
  await inDarkMode(page, () => shot(page, 'agent-deploy-mcp-dark'));

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: '复制配置' }).click();
  await expect(toast(page, '已复制到剪贴板')).toBeVisible();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as CopiedConfig;
  const origin = new URL(page.url()).origin;
  expect(copied).toEqual({ mcpServers: { [`help_desk_${suffix}`]: { type: 'http', url: `${origin}/v1/mcp/${agentId}`, headers: { Authorization: `Bearer ${key}` } } } });

  // What was copied is all a client needs: the official SDK lists the agent's tool and asks it.
  const server = Object.values(copied.mcpServers)[0]!;
  const client = new Client({ name: 'e2e-mcp-client', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: server.headers } }));
  try {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([`ask_help_desk_${suffix}`]);
    const result = (await client.callTool({ name: tools[0]!.name, arguments: { question: '你好，MCP' } })) as { isError?: boolean; content: Array<{ text?: string }> };
    expect(result.isError).toBeFalsy();
    expect(result.content[0]!.text).toContain('你好，MCP');
  } finally {
    await client.close();
  }
});
