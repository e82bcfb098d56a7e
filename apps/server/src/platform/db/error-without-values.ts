/**
 * The log's `err` serializer. A failed statement's error carries the values it was given (Drizzle puts
 * them in its message and `params`, PostgreSQL in `detail`, e.g. `Key (user_name)=(…)`), which include
 * password hashes and users' data: the log keeps the statement and the database's reason, never values.
 */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'queryOptions']);
const PARAMS_IN_MESSAGE = /\nparams: [\s\S]*?(?=\n {4}at |$)/;
const MAX_CAUSES = 5;

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function serializeErrorWithoutValues(error: Error): SerializedError {
  return error instanceof Error ? plainError(error, 0) : { type: typeof error, message: String(error), stack: '' };
}

function plainError(error: Error, depth: number): SerializedError {
  const plain: SerializedError = {
    type: error.constructor.name,
    message: withoutParams(error.message),
    stack: withoutParams(error.stack ?? ''),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || key in plain) continue;
    if (VALUE_FIELDS.has(key)) plain[key] = '[redacted]';
    else if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) plain[key] = typeof value === 'string' ? withoutParams(value) : value;
  }
  if (error.cause instanceof Error && depth < MAX_CAUSES) plain.cause = plainError(error.cause, depth + 1);
  else if (error.cause !== undefined) plain.cause = String(error.cause);
  return plain;
}

function withoutParams(text: string): string {
  return text.replace(PARAMS_IN_MESSAGE, '\nparams: [redacted]');
}
