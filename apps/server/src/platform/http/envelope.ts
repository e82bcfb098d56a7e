import { ENVELOPE_CODES, type Envelope } from '@agent-platform/contracts';

export const OK_MSG = '操作成功';

export function ok<T>(data: T, msg = OK_MSG): Envelope<T> {
  return { code: ENVELOPE_CODES.OK, msg, data };
}

export function fail(code: number, msg: string): Envelope<null> {
  return { code, msg, data: null };
}
