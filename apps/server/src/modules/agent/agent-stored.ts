import { KB_SEARCH_MODES } from '@agent-platform/contracts';
import { z } from 'zod';
import { storedJson, storedList } from '../../core/index.js';

// The agent's JSON columns as stored, each read back through its schema: the objects in agent.mapper.ts,
// the lists as the repository reads a row.

export const retrievalSchema = z.object({ top_k: z.number(), threshold: z.number(), mode: z.enum(KB_SEARCH_MODES) });
export const hitlSchema = z.object({ action_confirm: z.boolean(), observation_confirm: z.boolean() });
const serviceRef = z.object({ service_id: z.string(), functions: z.array(z.string()).optional(), resources: z.array(z.string()).optional() });
/** A list, so it carries no version: an element that changes shape becomes an object list with one. */
export const serviceRefsSchema = z.array(serviceRef);
export const storedServiceRefs = storedList('agent services', serviceRef);
export const storedQuestions = storedList('agent suggested questions', z.string());
export const storedAgentTags = storedList('agent tags', z.string());

export const storedRetrieval = storedJson('agent retrieval', { version: 1, schema: retrievalSchema });
export const storedHitl = storedJson('agent hitl', { version: 1, schema: hitlSchema });
