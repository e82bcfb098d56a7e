import { startScriptedLlm, type ScriptedLlm } from '@agent-platform/scripted-llm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, listRoutes, startTestApp, type TestApp } from '../../../test/harness.js';
import { problemsOf } from '../../../test/fuzz/check-answer.js';
import { generateValid, schemaOf, type ValuePool } from '../../../test/fuzz/generate.js';
import { MUTATIONS, mutate } from '../../../test/fuzz/mutate.js';
import { Random } from '../../../test/fuzz/random.js';
import { declaredRoutes, type DeclaredRoute } from './route.js';

/**
 * Every API route, called with bodies made from its own contract: valid ones, then broken ones (wrong
 * types, boundary lengths, control characters, lone surrogates, huge numbers, extra fields, deep
 * nesting), as an ordinary user and as an administrator. Seeded (FUZZ_SEED) and bounded; FUZZ_ROUNDS
 * multiplies the bodies for a longer run (`FUZZ_ROUNDS=20 npx vitest run --project api-pglite route-fuzzer`).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 19);
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 1);
const ANSWER_TIMEOUT_MS = 20_000;
/** Would end the fuzzing user's own session half-way. */
const NOT_FUZZED = new Set(['/api/user/logout']);
const MARK = 'VICTIMMARK7';

interface Failure {
  role: string;
  route: string;
  kind: string;
  body: string;
  problems: string[];
}

describe('route fuzzer', () => {
  let t: TestApp;
  let llm: ScriptedLlm;
  const tokens: Record<'user' | 'admin', string> = { user: '', admin: '' };
  // The ordinary user's bodies use its own ids and another user's (which must stay invisible); the
  // administrator's only the ordinary user's, or it would legitimately publish the other user's things.
  const pools: Record<'user' | 'admin', ValuePool> = { user: { ids: [], names: ['fuzz-chat', 'victim-model'] }, admin: { ids: [], names: ['fuzz-chat'] } };

  beforeAll(async () => {
    llm = await startScriptedLlm();
    t = await startTestApp({ SECRET_KEY: Buffer.alloc(32, 19).toString('base64'), LLM_RETRY_BASE_MS: '5', LLM_MAX_ATTEMPTS: '1' });
    tokens.admin = await t.signUp('fuzz_admin');
    tokens.user = await t.signUp('fuzz_user');
    const victim = await t.signUp('fuzz_victim');
    const model = { type: 'chat', provider: 'openai-compatible', base_url: llm.url, api_key: 'sk-fuzz' };
    expectOk(await t.call('/api/llm/create_llm_model', { ...model, llm_name: 'fuzz-chat', is_public: true }, tokens.admin));
    expectOk(await t.call('/api/llm/create_llm_model', { ...model, llm_name: 'victim-model', is_public: false, description: MARK }, victim));
    // Things of the fuzzing user and of another user, whose ids the bodies use; the other's must never show.
    for (const [token, label] of [
      [tokens.user, '自己的'],
      [victim, MARK],
    ] as const) {
      const ids = [
        expectOk<{ id: string }>(await t.call('/api/agent/create', { name: `${label} 助手`, llm_name: 'fuzz-chat', system_prompt: label }, token)).id,
        expectOk<{ id: string }>(await t.call('/api/kb/create_knowledge_base', { name: `${label} 库` }, token)).id,
      ];
      const chat = await t.app.inject({
        method: 'POST',
        url: '/api/llm/chat',
        headers: { 'access-token': token, 'content-type': 'application/json' },
        payload: JSON.stringify({ llm_name: 'fuzz-chat', query: `${label} 问题` }),
      });
      ids.push(
        JSON.parse(
          chat.body
            .split('\n')
            .find((line) => line.startsWith('data: '))!
            .slice(6),
        ).conversation_id,
      );
      pools.user.ids.push(...ids);
      if (token === tokens.user) pools.admin.ids.push(...ids);
    }
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  async function send(options: InjectOptions): Promise<LightMyRequestResponse | 'timeout'> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ANSWER_TIMEOUT_MS)));
    try {
      return await Promise.race([t.app.inject(options), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The request for a route: the body as JSON, path parameters and (for GET) a query filled in. */
  function requestFor(route: { method: string; url: string }, body: unknown, role: 'user' | 'admin', random: Random): InjectOptions {
    const token = tokens[role];
    const pool = pools[role];
    const value = () => encodeURIComponent(random.chance(0.7) ? random.pick(pool.ids) : random.pick(['x', '\u0000', '../etc', '1e308', '']));
    const url = route.url.replace(/:[a-z_]+/gi, value);
    if (route.method === 'GET') return { method: 'GET', url: `${url}?doc_id=${value()}&after=${random.pick(['0', '-1', 'x', '1e308'])}`, headers: { 'access-token': token } };
    return { method: 'POST', url, headers: { 'access-token': token, 'content-type': 'application/json' }, payload: JSON.stringify(body) ?? 'null' };
  }

  it('never answers 5xx, always an envelope or a stream ending in done, never with another user’s data', async () => {
    const random = new Random(SEED);
    const contracts = new Map(declaredRoutes(t.app).map((route) => [`${route.method} ${route.url}`, route]));
    const routes = listRoutes(t.app)
      .filter((route) => /^\/(api|ai-sdk-api)\//.test(route.url) && ['GET', 'POST'].includes(route.method) && !NOT_FUZZED.has(route.url))
      .map((route) => contracts.get(`${route.method} ${route.url}`) ?? ({ method: route.method, url: route.url, access: 'user' } as DeclaredRoute));
    const failures: Failure[] = [];
    let requests = 0;
    const started = Date.now();

    for (const route of routes) {
      const schema = schemaOf(route.body);
      for (const role of ['user', 'admin'] as const) {
        const kinds = role === 'user' ? ['valid', ...MUTATIONS] : ['valid', ...Array.from({ length: 3 }, () => random.pick(MUTATIONS))];
        for (let round = 0; round < ROUNDS; round += 1) {
          for (const kind of kinds) {
            const valid = generateValid(schema, random, pools[role]);
            const body = kind === 'valid' ? valid : mutate(valid, schema, kind as (typeof MUTATIONS)[number], random);
            const response = await send(requestFor(route, body, role, random));
            requests += 1;
            const problems = response === 'timeout' ? [`no answer within ${ANSWER_TIMEOUT_MS} ms`] : problemsOf(response, role === 'user' ? [MARK] : []);
            if (problems.length) failures.push({ role, route: `${route.method} ${route.url}`, kind, body: JSON.stringify(body)?.slice(0, 300) ?? '', problems });
          }
        }
      }
    }
    console.log(`route fuzzer (seed ${SEED}, rounds ${ROUNDS}): ${routes.length} routes, ${requests} requests, ${failures.length} failures, ${Math.round((Date.now() - started) / 1000)} s`);
    expect(routes.length).toBeGreaterThan(100);
    expect(failures, JSON.stringify(failures.slice(0, 20), null, 2)).toEqual([]);
  }, 600_000);
});
