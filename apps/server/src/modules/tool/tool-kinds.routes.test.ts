import type { ToolInfo, ToolUseResult } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../test/harness.js';
import { startKindsTestApp, type KindsTestContext } from '../../../test/fixtures/tool-kinds.js';

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('knowledge-base and multimodal tools', () => {
  let c: KindsTestContext;
  const create = async (token: string, body: Record<string, unknown>) => expectOk(await c.t.call<ToolInfo>('/api/tool/create', body, token));
  const use = async (token: string, id: string, input: Record<string, unknown>) => expectOk(await c.t.call<ToolUseResult>('/api/tool/tool_use', { id, input }, token));
  beforeAll(async () => {
    c = await startKindsTestApp();
  });
  afterAll(() => c?.close());

  it('searches the chosen knowledge bases (llm/kb) as the caller', async () => {
    const kb = await c.kbWithDocument(c.alice, '产品手册', '手册.md', '# 退货政策\n\n收到商品七天内可以无理由退货，运费由买家承担。\n\n# 保修\n\n整机保修一年。');
    const tool = await create(c.alice, { kind: 'llm/kb', name: 'search_manual', title: '查手册', config: { kb_ids: [kb.id], mode: 'fulltext', top_k: 2 }, is_public: true });
    expect(tool).toMatchObject({ config: { kb_ids: [kb.id], top_k: 2, mode: 'fulltext', score_threshold: 0 }, input_schema: { required: ['query'] } });
    const answer = await use(c.alice, tool.id, { query: '退货政策' });
    expect(answer.error).toBeUndefined();
    expect(answer.output).toMatch(/^\[1\] 《手册\.md》（产品手册，相关度/);
    expect(answer.output).toContain('退货政策');
    expect((await use(c.alice, tool.id, {})).error).toContain('缺少参数 query');
    // Bob may use the public tool, but it searches as Bob: Alice's private knowledge base stays closed.
    expect((await use(c.bob, tool.id, { query: '退货' })).error).toBe('知识库不存在');
    expectCode(await c.t.call('/api/tool/create', { kind: 'llm/kb', name: 'steal', config: { kb_ids: [kb.id] } }, c.bob), 40401, '知识库不存在');
    expectCode(await c.t.call('/api/tool/create', { kind: 'llm/kb', name: 'empty', config: { kb_ids: [] } }, c.bob), 40001, /请选择知识库/);
  });

  it('describes an uploaded image through a vision model, and refuses a model without vision', async () => {
    await c.createModel(c.alice, { llm_name: 'eyes', type: 'vision' });
    await c.createModel(c.alice, { llm_name: 'blind', type: 'chat' });
    expectCode(
      await c.t.call('/api/tool/create', { kind: 'llm/multimodal', name: 'look0', config: { task: 'vision', llm_name: 'blind' } }, c.alice),
      40001,
      '模型「blind」不支持图片理解，请选择视觉模型',
    );
    const tool = await create(c.alice, { kind: 'llm/multimodal', name: 'look', title: '看图', config: { task: 'vision', llm_name: 'eyes', prompt: '描述图片' } });
    const image = await c.uploadFile(c.alice, 'dot.png', PNG);
    c.llm.reset();
    c.llm.script({ text: '图片里是一个白色的小方块' });
    const answer = await use(c.alice, tool.id, { file_id: image.id, question: '是什么颜色？' });
    expect(answer).toMatchObject({ output: '图片里是一个白色的小方块' });
    const sent = JSON.stringify(c.llm.requests.at(-1)?.body);
    expect(sent).toContain(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(sent).toContain('描述图片\\n是什么颜色？');
    expect((await use(c.alice, tool.id, {})).error).toBe('请提供图片网址 image_url 或图片文件 file_id');
    expect((await use(c.alice, tool.id, { image_url: 'http://169.254.169.254/latest/meta-data/' })).error).toMatch(/出于安全考虑/);
    expectCode(await c.t.call('/api/tool/tool_use', { id: tool.id, input: { file_id: image.id } }, c.bob), 40401, '工具不存在');
  });

  it('transcribes an uploaded audio file through an stt model', async () => {
    await c.createModel(c.alice, { llm_name: 'ears', type: 'stt' });
    const tool = await create(c.alice, { kind: 'llm/multimodal', name: 'listen', title: '听写', config: { task: 'stt', llm_name: 'ears' } });
    expect(tool.input_schema).toMatchObject({ required: ['file_id'] });
    c.llm.script({ endpoint: 'transcriptions', text: '今天天气很好' });
    const audio = await c.uploadFile(c.alice, 'voice.mp3', new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]));
    expect(await use(c.alice, tool.id, { file_id: audio.id })).toMatchObject({ output: '今天天气很好' });
    expectCode(await c.t.call('/api/tool/create', { kind: 'llm/multimodal', name: 'listen2', config: { task: 'stt', llm_name: 'eyes' } }, c.alice), 40001, /不能用于语音识别/);
  });
});
