import { describe, expect, it } from 'vitest';
import { describeFailure } from './mcp-failures.js';

describe('MCP failures in words for people', () => {
  it('never shows a program error text such as a TypeError', () => {
    const failure = describeFailure('计算器', new TypeError("Cannot read properties of undefined (reading 'tools')"), 1000);
    expect(failure.message).toBe('MCP 服务「计算器」无法连接：连接失败，请检查服务地址和网络');
    expect(failure.message).not.toMatch(/TypeError|Cannot read|undefined/);
  });

  it('names a network error by its errno only', () => {
    const failure = describeFailure('计算器', new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up: 10.0.0.7'), { code: 'ECONNRESET' }) }), 1000);
    expect(failure.message).toBe('MCP 服务「计算器」无法连接：网络错误（ECONNRESET）');
  });
});
