import { z } from 'zod';
import { storedJson } from '../../core/index.js';

/**
 * A tool's input schema (`tools.input_schema`): a JSON Schema object, which the tool compiles and the
 * model is shown. Its keywords are JSON Schema's own; `v` beside them is the column's version.
 */
export const storedInputSchema = storedJson('tool input schema', { version: 1, schema: z.record(z.string(), z.unknown()) });
