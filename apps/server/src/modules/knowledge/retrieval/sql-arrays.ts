import { sql, type SQL } from 'drizzle-orm';

/*
 * Arrays travel as one text parameter in PostgreSQL's array syntax, cast in the statement: drizzle would
 * spread a JavaScript array into one parameter per element.
 */

/** Each element double-quoted, so commas, braces, quotes and backslashes inside a word stay part of it. */
const quotedElement = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

export const textArray = (values: string[]): SQL => sql`${`{${values.map(quotedElement).join(',')}}`}::text[]`;
export const uuidArray = (ids: string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;
export const intArray = (values: number[]): SQL => sql`${`{${values.map((value) => Math.trunc(value)).join(',')}}`}::int[]`;

/**
 * Many byte strings as one binary parameter, cut apart in the statement: `positions` are two int[]
 * columns for `unnest` (named `start` and `size` by the caller's alias), and `cut(alias)` is each value.
 * Large values then have no text form to build, measure and parse again; on PGlite that was most of
 * writing a group's index rows.
 */
export function byteStrings(values: Uint8Array[]): { positions: SQL; cut(alias: string): SQL } {
  const starts: number[] = [];
  let next = 1;
  for (const value of values) {
    starts.push(next);
    next += value.byteLength;
  }
  const joined = Buffer.concat(values);
  return {
    positions: sql`${intArray(starts)}, ${intArray(values.map((value) => value.byteLength))}`,
    cut: (alias) => sql`substring(${joined}::bytea from ${sql.raw(alias)}.start for ${sql.raw(alias)}.size)`,
  };
}

/** Texts the same way (UTF-8, checked again by the database): `cut(alias)` is each text. */
export function textStrings(values: string[]): { positions: SQL; cut(alias: string): SQL } {
  const bytes = byteStrings(values.map((value) => Buffer.from(value)));
  return { positions: bytes.positions, cut: (alias) => sql`convert_from(${bytes.cut(alias)}, 'UTF8')` };
}
