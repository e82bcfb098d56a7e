import { z } from 'zod';

type Fields = Record<string, unknown>;

/** Stored JSON that no longer fits its schema: a bug or a hand edit, never the user's input. */
export class StoredDataError extends Error {
  constructor(what: string, detail: string) {
    super(`stored ${what} does not fit its schema: ${detail}`);
    this.name = 'StoredDataError';
  }
}

export interface StoredJson<T> {
  /** The version `write` stamps. */
  readonly version: number;
  /** Reads a stored value: upgraded from its version to the current one, then parsed. */
  read(stored: unknown): T;
  /** What to store: the value with the current version in `v`. */
  write(value: T): Fields & { v: number };
}

/**
 * A JSON column's one schema and its one place of upgrades. A stored object carries its version in
 * `v`; one written before versions existed has none and counts as version 0. `upgrades[n]` turns
 * version n into n + 1, so a value written by any earlier release is read in today's shape (a run
 * paused before a deploy still resumes after it). `v` is the column's own: readers never see it.
 */
export function storedJson<S extends z.ZodType<Fields>>(
  what: string,
  options: { version: number; schema: S; upgrades?: Record<number, (older: Fields) => Fields> },
): StoredJson<z.output<S>> {
  const { version, schema, upgrades = {} } = options;
  for (let from = 0; from < version; from++) {
    if (from > 0 && !upgrades[from]) throw new Error(`stored ${what}: no upgrade from version ${from}`);
  }
  return {
    version,
    read(stored) {
      if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) throw new StoredDataError(what, 'not an object');
      const { v, ...fields } = stored as Fields;
      const from = v === undefined ? 0 : Number(v);
      if (!Number.isInteger(from) || from < 0 || from > version) throw new StoredDataError(what, `unknown version ${String(v)}`);
      let current: Fields = fields;
      for (let at = from; at < version; at++) current = upgrades[at]?.(current) ?? current;
      const parsed = schema.safeParse(current);
      if (!parsed.success) throw new StoredDataError(what, z.prettifyError(parsed.error));
      return parsed.data;
    },
    write(value) {
      return { ...(value as Fields), v: version };
    },
  };
}

export interface StoredList<T> {
  /** Reads a stored list, parsed item by item. */
  read(stored: unknown): T[];
}

/**
 * A JSON list column (tags, separators, headings …). Lists carry no version: SQL queries them as
 * arrays (`@>`, `jsonb_array_elements`), and a version needs an object. They are written as they are
 * (from validated input) and parsed when read; a list whose items change shape becomes a versioned
 * object, and its SQL changes with it.
 */
export function storedList<S extends z.ZodType>(what: string, item: S): StoredList<z.output<S>> {
  const schema = z.array(item);
  return {
    read(stored) {
      const parsed = schema.safeParse(stored);
      if (!parsed.success) throw new StoredDataError(what, z.prettifyError(parsed.error));
      return parsed.data;
    },
  };
}
