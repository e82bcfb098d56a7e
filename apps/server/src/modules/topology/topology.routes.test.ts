import type { AgentInfo, DataAsset, DbConnection, KnowledgeBase, MaInfo, McpService, Topology, ToolInfo } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../test/harness.js';
import { startKbTestApp, type KbTestContext } from '../../../test/fixtures/kb.js';
import { connectionBody, createSampleShop, type SampleShop } from '../../../test/fixtures/sample-shop.js';

describe('/topology/query_all: every thing and every reference, as the viewer may see them', () => {
  let c: KbTestContext;
  let kb: KnowledgeBase;
  let tool: ToolInfo;
  let service: McpService;
  let aliceAgent: AgentInfo;
  let bobAgent: AgentInfo;
  let setup: MaInfo;
  let shop: SampleShop;
  let datasource: DbConnection;
  let asset: DataAsset;
  const query = async (token: string) => expectOk(await c.t.call<Topology>('/api/topology/query_all', {}, token));
  const node = (topology: Topology, key: string) => topology.nodes.find((entry) => entry.key === key);
  const keys = (topology: Topology) => topology.nodes.map((entry) => entry.key);

  beforeAll(async () => {
    c = await startKbTestApp();
    // The administrator's models, public: everyone may build on them. The chat model's name has capitals:
    // what uses it names it in any case, the graph by its lower-case name.
    const publicModel = async (fields: Record<string, unknown>) => expectOk(await c.t.call('/api/llm/create_llm_model', { base_url: c.llm.url, is_public: true, ...fields }, c.admin));
    await publicModel({ llm_name: 'Topo-Chat', type: 'chat', display_name: '拓扑对话模型' });
    await publicModel({ llm_name: 'topo-embed', type: 'embedding' });
    // Alice: agent → tool → knowledge base → embedding model, and agent → MCP service; all private.
    kb = await c.createKb(c.alice, { name: '售后制度', embedding_model: 'topo-embed' });
    tool = expectOk(await c.t.call<ToolInfo>('/api/tool/create', { kind: 'llm/kb', name: 'policy_search', title: '制度检索', config: { kb_ids: [kb.id] } }, c.alice));
    service = expectOk(await c.t.call<McpService>('/api/service/create', { name: '工单服务', url: 'http://127.0.0.1:1/mcp' }, c.alice));
    aliceAgent = expectOk(
      await c.t.call<AgentInfo>(
        '/api/agent/create',
        { name: '售后助手', llm_name: 'topo-chat', tool_ids: [tool.id], services: [{ service_id: service.id, functions: ['list_tickets'] }] },
        c.alice,
      ),
    );
    // Bob: a private agent on the same chat model.
    bobAgent = expectOk(await c.t.call<AgentInfo>('/api/agent/create', { name: '鲍勃的助手', llm_name: 'TOPO-CHAT' }, c.bob));
    // Alice: a supervisor setup over her agent, coordinated on the chat model; a datasource with a data asset on it.
    setup = expectOk(
      await c.t.call<MaInfo>(
        '/api/ma/create',
        { name: '售后团队', mode: 'supervisor', members: [{ agent_id: aliceAgent.id }], start_agent_id: aliceAgent.id, supervisor: { llm_name: 'Topo-Chat', system_prompt: '分派任务' } },
        c.alice,
      ),
    );
    shop = await createSampleShop('postgresql');
    datasource = expectOk(await c.t.call<DbConnection>('/api/db/dbconnect/create_connection', connectionBody(shop, { user: shop.reader.user, password: shop.reader.password }), c.alice));
    asset = expectOk(await c.t.call<DataAsset>('/api/db/asset/create_asset', { connection_id: datasource.id, name: '门店经营', tables: [{ name: 'stores' }] }, c.alice));
  }, 120_000);
  afterAll(async () => {
    await c?.close();
    await shop?.drop();
  });

  it('gives an administrator every thing, each reference once, and what depends on each thing transitively', async () => {
    const topology = await query(c.admin);
    const [agentKey, bobKey, toolKey, kbKey, serviceKey] = [`agent:${aliceAgent.id}`, `agent:${bobAgent.id}`, `tool:${tool.id}`, `knowledge_base:${kb.id}`, `service:${service.id}`];
    expect(keys(topology)).toEqual(expect.arrayContaining([agentKey, bobKey, toolKey, kbKey, serviceKey, 'model:topo-chat', 'model:topo-embed']));
    expect(node(topology, 'model:topo-chat')).toMatchObject({ kind: 'model', name: '拓扑对话模型', is_public: true });
    expect(node(topology, agentKey)).toMatchObject({ kind: 'agent', name: '售后助手', is_public: false, tags: [], owner_name: expect.stringMatching(/alice/) });

    expect(topology.edges).toEqual(
      expect.arrayContaining([
        { from: agentKey, to: 'model:topo-chat', blocks_delete: true },
        { from: bobKey, to: 'model:topo-chat', blocks_delete: true },
        { from: agentKey, to: toolKey, blocks_delete: true },
        { from: agentKey, to: serviceKey, blocks_delete: true },
        { from: toolKey, to: kbKey, blocks_delete: false },
        { from: kbKey, to: 'model:topo-embed', blocks_delete: true },
      ]),
    );
    const pairs = topology.edges.map((edge) => `${edge.from}>${edge.to}`);
    expect(new Set(pairs).size).toBe(pairs.length);

    // Multi-agent setups, data assets and datasources are things too.
    const [setupKey, assetKey, datasourceKey] = [`multi_agent:${setup.id}`, `data_asset:${asset.id}`, `datasource:${datasource.id}`];
    expect(node(topology, setupKey)).toMatchObject({ kind: 'multi_agent', name: '售后团队', is_public: false, dependants: [] });
    expect(node(topology, datasourceKey)).toMatchObject({ kind: 'datasource', dependants: [assetKey] });
    expect(node(topology, assetKey)).toMatchObject({ kind: 'data_asset', name: '门店经营' });
    expect(topology.edges).toEqual(
      expect.arrayContaining([
        { from: setupKey, to: agentKey, blocks_delete: true },
        { from: setupKey, to: 'model:topo-chat', blocks_delete: false },
        { from: assetKey, to: datasourceKey, blocks_delete: true },
      ]),
    );
    expect(node(topology, agentKey)!.dependants).toEqual([setupKey]);

    // Disable the embedding model and the knowledge base stops, the tool searching it, and the agent using the tool: nearest first.
    expect(node(topology, 'model:topo-embed')!.dependants).toEqual([kbKey, toolKey, agentKey, setupKey]);
    expect(node(topology, 'model:topo-chat')!.dependants.sort()).toEqual([agentKey, bobKey, setupKey].sort());
    expect(node(topology, serviceKey)!.dependants).toEqual([agentKey, setupKey]);
  });

  it('gives anyone else their own and the public things only, and counts no hidden thing among the dependants', async () => {
    const alice = await query(c.alice);
    expect(keys(alice)).toEqual(expect.arrayContaining([`agent:${aliceAgent.id}`, `tool:${tool.id}`, `knowledge_base:${kb.id}`, `service:${service.id}`, 'model:topo-chat']));
    expect(keys(alice)).not.toContain(`agent:${bobAgent.id}`);
    expect(node(alice, 'model:topo-chat')!.dependants.sort()).toEqual([`agent:${aliceAgent.id}`, `multi_agent:${setup.id}`].sort());
    expect(keys(alice)).toEqual(expect.arrayContaining([`data_asset:${asset.id}`, `datasource:${datasource.id}`]));
    expect(alice.edges.some((edge) => edge.from === `agent:${bobAgent.id}`)).toBe(false);

    const bob = await query(c.bob);
    expect(keys(bob)).toContain(`agent:${bobAgent.id}`);
    for (const hidden of [aliceAgent.id, tool.id, kb.id, service.id, setup.id, asset.id, datasource.id]) expect(keys(bob).some((key) => key.endsWith(hidden))).toBe(false);
    expect(node(bob, 'model:topo-embed')!.dependants).toEqual([]);

    // Alice publishes the knowledge base: Bob sees it using the embedding model, but still not her private tool.
    expectOk(await c.t.call('/api/kb/publish', { kb_id: kb.id }, c.alice));
    const after = await query(c.bob);
    expect(node(after, `knowledge_base:${kb.id}`)).toMatchObject({ is_public: true, dependants: [] });
    expect(node(after, 'model:topo-embed')!.dependants).toEqual([`knowledge_base:${kb.id}`]);
  });

  it('answers nobody who is not signed in', async () => {
    expectCode(await c.t.call('/api/topology/query_all', {}), 40101);
  });
});
