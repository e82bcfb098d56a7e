/**
 * The one rule every text field follows, whatever its schema: no NUL or other control characters
 * (tab, line feed and carriage return are text) and no lone UTF-16 surrogates. PostgreSQL refuses NUL
 * in text, so such input must be refused as bad input before it reaches a query.
 */
// With the `u` flag a surrogate pair is one code point, so the surrogate range matches lone halves only.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uD800-\uDFFF]/u;

export const CONTROL_CHARACTER_MESSAGE = '不能包含 NUL 等控制字符或无效字符';

export interface UnsafeText {
  /** Where the text is, e.g. `messages.0.content` (empty for the input itself). */
  path: string;
  message: string;
}

/** The first string (value or key) anywhere in `input` holding a forbidden character; walks without recursion, so any depth is safe. */
export function findUnsafeText(input: unknown): UnsafeText | undefined {
  const pending: Array<{ value: unknown; path: string }> = [{ value: input, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (FORBIDDEN_CHARACTER.test(value)) return { path, message: CONTROL_CHARACTER_MESSAGE };
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (FORBIDDEN_CHARACTER.test(key)) return { path: childPath, message: CONTROL_CHARACTER_MESSAGE };
        pending.push({ value: child, path: childPath });
      }
    }
  }
  return undefined;
}
