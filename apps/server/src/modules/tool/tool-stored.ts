import { z } from 'zod';
import { storedJson, storedList } from '../../core/index.js';

// A tool's JSON columns besides its config (which each tool kind reads through its own schema), read
// through their schemas as the repository reads a row.

/**
 * A tool's input schema (`tools.input_schema`): a JSON Schema object, which the tool compiles and the
 * model is shown. Its keywords are JSON Schema's own; `v` beside them is the column's version.
 */
export const storedInputSchema = storedJson('tool input schema', { version: 1, schema: z.record(z.string(), z.unknown()) });
export const storedToolTags = storedList('tool tags', z.string());
