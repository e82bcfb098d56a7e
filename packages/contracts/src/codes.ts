/**
 * The envelope codes of the product spec. Services throw errors by name; the server maps the name to
 * the number here, and the web reads the numbers from here too.
 */
export const ENVELOPE_CODES = {
  OK: 200,
  USER_NAME_TAKEN: 201,
  VERIFICATION_CODE_INVALID: 202,
  BAD_INPUT: 40001,
  UNAUTHENTICATED: 40101,
  BAD_CREDENTIALS: 40104,
  ACCOUNT_PENDING: 40105,
  FORBIDDEN: 40301,
  /** A disabled model was asked to answer. */
  MODEL_DISABLED: 40301,
  LICENSE_EXPIRED: 40302,
  NOT_FOUND: 40401,
  CONFLICT: 40901,
  TOO_LARGE: 41301,
  /** A verification code needs a solved challenge (`/sms/challenge`) or a signed-in caller first. */
  CHALLENGE_REQUIRED: 42801,
  TOO_MANY_REQUESTS: 42901,
  INTERNAL: 50001,
  /** The model provider failed, refused or timed out; the message says which. */
  MODEL_CALL_FAILED: 50201,
  /** An MCP service could not be reached, failed or timed out; the message says which. */
  SERVICE_CALL_FAILED: 50201,
  /** A datasource could not be reached, refused the sign-in, or failed a statement; the message says which. */
  DATABASE_CALL_FAILED: 50201,
} as const;

export type ErrorName = Exclude<keyof typeof ENVELOPE_CODES, 'OK'>;
export type EnvelopeCode = (typeof ENVELOPE_CODES)[keyof typeof ENVELOPE_CODES];

/** Codes 200–399 are success; everything else is an error. */
export function isSuccessCode(code: number): boolean {
  return code >= 200 && code < 400;
}

/** HTTP status follows the code's class: 40104 → 401, 50001 → 500; codes under 1000 travel as 200. */
export function httpStatusOf(code: number): number {
  return code >= 10000 ? Math.floor(code / 100) : 200;
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
