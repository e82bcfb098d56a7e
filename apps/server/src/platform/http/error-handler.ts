import { ENVELOPE_CODES, httpStatusOf } from '@agent-platform/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/index.js';
import { fail } from './envelope.js';

// `/v1/`: the OpenAI-compatible calls (agent publishing); never answered with the web app.
const API_PREFIXES = ['/api/', '/ai-sdk-api/', '/v1/'];

/** The one place where errors become envelopes. Internal details never reach the client. */
export function installErrorHandling(app: FastifyInstance, bodyLimitBytes: number): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { code, msg } = toEnvelope(error, bodyLimitBytes);
    if (code === ENVELOPE_CODES.INTERNAL) request.log.error({ err: error }, 'unhandled error');
    else request.log.info({ code, reason: msg }, 'request refused');
    return reply.status(httpStatusOf(code)).send(fail(code, msg));
  });

  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && app.hasDecorator('sendSpaIndex')) {
      const sent = app.sendSpaIndex(request, reply);
      if (sent) return sent;
    }
    return reply.status(404).send(fail(ENVELOPE_CODES.NOT_FOUND, `接口不存在：${request.method} ${request.url.split('?')[0]}`));
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers the web app's index.html, or `undefined` when the path names a file. */
    sendSpaIndex(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined;
  }
}

function toEnvelope(error: FastifyError | AppError, bodyLimitBytes: number): { code: number; msg: string } {
  if (error instanceof AppError) return { code: error.envelopeCode, msg: error.message };
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { code: ENVELOPE_CODES.BAD_INPUT, msg: '请求体不是合法的 JSON' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: ENVELOPE_CODES.BAD_INPUT, msg: '请求体为空' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: ENVELOPE_CODES.TOO_LARGE, msg: `请求体过大，不能超过 ${Math.floor(bodyLimitBytes / 1024)} KB` };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: ENVELOPE_CODES.BAD_INPUT, msg: '不支持的请求内容类型，请使用 application/json' };
    default:
      break;
  }
  if (error instanceof SyntaxError) return { code: ENVELOPE_CODES.BAD_INPUT, msg: '请求体不是合法的 JSON' };
  if (error.statusCode === 413) return { code: ENVELOPE_CODES.TOO_LARGE, msg: '请求体过大' };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { code: ENVELOPE_CODES.BAD_INPUT, msg: '请求不合法' };
  }
  return { code: ENVELOPE_CODES.INTERNAL, msg: '服务器内部错误，请稍后重试' };
}
