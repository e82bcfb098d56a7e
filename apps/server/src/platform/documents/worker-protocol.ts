import type { ParsedDocument } from './types.js';

export interface WorkerRequest {
  id: number;
  bytes: Uint8Array;
  fileName: string;
}

export type WorkerResponse = { id: number; ok: true; document: ParsedDocument } | { id: number; ok: false; rejected: string } | { id: number; ok: false; error: string };
