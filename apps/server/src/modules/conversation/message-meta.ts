import { z } from 'zod';
import { storedJson } from '../../core/index.js';

const text = z.string();
const usage = z.object({ prompt_tokens: z.number(), completion_tokens: z.number() });

/**
 * A message's `meta` (what the page shows beside the text): the fields the chats share are checked
 * here; those of one chat kind (an agent's steps and plan, a knowledge base's retrieval …) are kept as
 * they were written. Version 0: written before versions, the same fields.
 */
export const storedMessageMeta = storedJson('message meta', {
  version: 1,
  schema: z.looseObject({
    /** A question's attached files. */
    files: z.array(z.looseObject({ id: text, name: text })).optional(),
    status: text.optional(),
    model: text.optional(),
    usage: usage.optional(),
    reasoning: text.optional(),
    error: text.optional(),
    steps: z.array(z.looseObject({ id: text, type: text })).optional(),
  }),
});

/** What a message's `meta` holds, as chats write it and the page reads it. */
export type MessageMeta = ReturnType<typeof storedMessageMeta.read>;

export const writeMessageMeta = (meta: MessageMeta | undefined) => storedMessageMeta.write(meta ?? {});
