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
