import type { ParsedDocument } from './types.js';

/** What a document thread does: parse a file, or cut texts into words (jieba, with user words kept whole). */
export type WorkerTask = { kind: 'parse'; bytes: Uint8Array; fileName: string } | { kind: 'words'; texts: string[]; userWords: string[] };

export type WorkerRequest = WorkerTask & { id: number };

export type WorkerResponse =
  { id: number; ok: true; document: ParsedDocument } | { id: number; ok: true; words: string[][] } | { id: number; ok: false; rejected: string } | { id: number; ok: false; error: string };
