import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { calculatorTool } from './builtin/calculator.js';
import { currentTimeTool } from './builtin/current-time.js';
import { runTool } from './run-tool.js';
import { defineTool, ToolFailure } from './tool.js';

const viewer = { id: '00000000-0000-4000-8000-000000000001', role: 'user' as const };
const context = (signal = new AbortController().signal, timeoutMs?: number) => ({ viewer, signal, timeoutMs });

const sleeper = defineTool({
  name: 'sleeper',
  title: '睡眠',
  description: 'waits',
  input: z.object({ ms: z.number() }),
  execute: ({ ms }, { signal }) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve({ output: 'woke' }), ms);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new Error('aborted inside'));
      });
    }),
});

describe('runTool', () => {
  it('gives the JSON Schema of the input to the model', () => {
    expect(calculatorTool.inputSchema).toMatchObject({ type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] });
  });

  it('runs a tool and reports its output and duration', async () => {
    const started = Date.now();
    const outcome = await runTool(calculatorTool, { expression: '6 * 7' }, context());
    const elapsed = Date.now() - started;
    expect(outcome).toMatchObject({ output: '6 * 7 = 42', data: { value: 42 } });
    expect(outcome.error).toBeUndefined();
    expect(Number.isInteger(outcome.durationMs)).toBe(true);
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
    expect(outcome.durationMs).toBeLessThanOrEqual(elapsed);
  });

  it('tells the model when its input does not fit, and when the tool fails', async () => {
    const bad = await runTool(calculatorTool, { expr: '1' }, context());
    expect(bad.error).toMatch(/^工具「计算器」的输入不正确：expression/);
    expect(bad.output).toBe(bad.error);
    expect((await runTool(calculatorTool, { expression: '1/0' }, context())).error).toBe('无法计算：除数不能为 0');
    const failing = defineTool({
      name: 'boom',
      title: '爆炸',
      description: '',
      input: z.object({}),
      execute: async () => {
        throw new Error('ECONNREFUSED /var/secret');
      },
    });
    expect((await runTool(failing, {}, context())).error).toBe('工具「爆炸」执行失败，请稍后重试');
    const refusing = defineTool({
      name: 'no',
      title: '拒绝',
      description: '',
      input: z.object({}),
      execute: async () => {
        throw new ToolFailure('不可以');
      },
    });
    expect((await runTool(refusing, {}, context())).error).toBe('不可以');
  });

  it('stops a tool at its time limit and says so', async () => {
    const started = Date.now();
    const outcome = await runTool(sleeper, { ms: 5_000 }, context(undefined, 100));
    expect(outcome.error).toBe('工具「睡眠」执行超时（0.1 秒）');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("throws when the run is cancelled: that is the run's ending, not the tool's output", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('cancelled')), 50);
    await expect(runTool(sleeper, { ms: 5_000 }, context(controller.signal))).rejects.toThrow('cancelled');
  });

  it('tells the time in a zone, and refuses an unknown zone', async () => {
    expect((await runTool(currentTimeTool, {}, context())).output).toMatch(/^\d{4}年\d{2}月\d{2}日 星期[日一二三四五六] \d{2}:\d{2}:\d{2}（Asia\/Shanghai）$/);
    expect((await runTool(currentTimeTool, { timezone: 'Mars/Olympus' }, context())).error).toMatch(/不认识的时区/);
  });
});
