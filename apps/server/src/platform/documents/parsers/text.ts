import { DocumentRejected, REJECT } from '../types.js';
import { decodeText, splitParagraphs } from '../text-decode.js';
import type { ParserResult } from './parser.js';

export async function parseText(bytes: Uint8Array): Promise<ParserResult> {
  return { blocks: splitParagraphs(decodeText(bytes)).map((text) => ({ kind: 'text', text })) };
}

/** JSON is checked, then indented so its structure reads as lines. */
export async function parseJson(bytes: Uint8Array): Promise<ParserResult> {
  let value: unknown;
  try {
    value = JSON.parse(decodeText(bytes));
  } catch (error) {
    throw new DocumentRejected(REJECT.invalidJson, { cause: error });
  }
  const text = JSON.stringify(value, null, 2);
  return { blocks: text && text !== '{}' && text !== '[]' ? [{ kind: 'text', text }] : [] };
}
