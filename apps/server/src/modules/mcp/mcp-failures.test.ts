import { describe, expect, it } from 'vitest';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
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

  it('never shows a zod dump: a server that refused our input, or an answer that is not MCP', () => {
    const zod = z.object({ text: z.string() }).safeParse({ text: 1 }).error!;
    const refusedInput = new McpError(ErrorCode.InvalidParams, `Invalid arguments for tool echo: ${zod.message}`);
    expect(describeFailure('计算器', refusedInput, 1000).message).toBe('MCP 服务「计算器」认为输入不符合要求');
    expect(describeFailure('计算器', zod, 1000).message).toBe('MCP 服务「计算器」无法连接：该地址不是 MCP 服务，或不支持所选的传输方式（请检查地址和传输方式）');
    expect(describeFailure('计算器', new McpError(ErrorCode.InternalError, '磁盘已满'), 1000).message).toBe('MCP 服务「计算器」返回错误：磁盘已满');
  });

  it('names HTTP refusals and protocol versions', () => {
    expect(describeFailure('计算器', new StreamableHTTPError(403, 'Error POSTing to endpoint: forbidden'), 1000).message).toBe(
      'MCP 服务「计算器」无法连接：服务拒绝访问（HTTP 403），请检查认证请求头',
    );
    expect(describeFailure('计算器', new StreamableHTTPError(502, 'Error POSTing to endpoint: bad gateway'), 1000).message).toBe('MCP 服务「计算器」无法连接：服务返回 HTTP 502');
    expect(describeFailure('计算器', new Error("Server's protocol version is not supported: 2099-01-01"), 1000).message).toBe(
      'MCP 服务「计算器」无法连接：MCP 协议版本不兼容：服务使用的版本（2099-01-01）本平台不支持',
    );
    expect(describeFailure('计算器', new McpError(ErrorCode.RequestTimeout, 'Request timed out'), 2500)).toMatchObject({ message: 'MCP 服务「计算器」响应超时（2.5 秒）', timedOut: true });
  });
});
