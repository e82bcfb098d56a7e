import { ENVELOPE_CODES, type ErrorName } from '@agent-platform/contracts';

/**
 * The one error type services throw. `name` is stable (tests and logs use it); the envelope code
 * and the HTTP status follow from it; `msg` is Chinese and says what went wrong.
 */
export class AppError extends Error {
  readonly code: ErrorName;
  readonly envelopeCode: number;

  constructor(code: ErrorName, msg: string) {
    super(msg);
    this.name = 'AppError';
    this.code = code;
    this.envelopeCode = ENVELOPE_CODES[code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what}不存在`);
export const badInput = (msg: string) => new AppError('BAD_INPUT', msg);
export const forbidden = (msg = '没有权限执行此操作') => new AppError('FORBIDDEN', msg);
