import type { LlmModel } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../test/harness.js';
import { startLlmTestApp, type LlmTestContext } from '../../../test/fixtures/llm.js';

/** With the model cache on (as in production), a change to a model still takes effect at once. */
describe('model cache', () => {
  let c: LlmTestContext;
  let model: LlmModel;
  const ask = async () => {
    const viewer = await c.viewerOf(c.alice);
    return c.service.resolveModel(viewer, 'cached-chat', 'chat');
  };

  beforeAll(async () => {
    c = await startLlmTestApp({ LLM_MODEL_CACHE_SECONDS: '60' });
    model = await c.createModel(c.alice, { llm_name: 'cached-chat', temperature: 0.3 });
  });
  afterAll(() => c.close());

  it('serves a model from memory, and forgets it when it is changed, disabled or deleted', async () => {
    expect((await ask()).endpoint.temperature).toBe(0.3);
    expectOk(await c.t.call('/api/llm/update_llm_model', { id: model.id, temperature: 0.9 }, c.alice));
    expect((await ask()).endpoint.temperature).toBe(0.9);

    expectOk(await c.t.call('/api/llm/update_status', { id: model.id, status: 'disabled' }, c.alice));
    await expect(ask()).rejects.toMatchObject({ envelopeCode: 40301 });

    expectOk(await c.t.call('/api/llm/delete_llm_by_id', { id: model.id }, c.alice));
    await expect(ask()).rejects.toMatchObject({ envelopeCode: 40401 });
    expectCode(await c.t.call('/api/llm/query_llm_by_id', { id: model.id }, c.alice), 40401);
  });
});
