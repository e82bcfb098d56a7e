import type { Block } from '../types.js';

export interface ParserResult {
  blocks: Block[];
  pages?: number;
}

export type Parser = (bytes: Uint8Array) => Promise<ParserResult>;
