/** Text helpers shared by the endpoints: deterministic, so tests can predict every answer. */

type Content = string | Array<{ type?: string; text?: string }> | null | undefined;

export interface ChatMessageIn {
  role?: string;
  content?: Content;
}

export function contentText(content: Content): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (typeof part?.text === 'string' ? part.text : ''))
    .filter(Boolean)
    .join('\n');
}

export function lastUserText(messages: ChatMessageIn[] | undefined): string {
  const last = [...(messages ?? [])].reverse().find((message) => message?.role === 'user');
  return contentText(last?.content);
}

/** The system messages' text, joined (an agent's instructions: who is being asked). */
export function systemText(messages: ChatMessageIn[] | undefined): string {
  return (messages ?? [])
    .filter((message) => message?.role === 'system')
    .map((message) => contentText(message.content))
    .join('\n');
}

/** Splits text into about `parts` pieces on character boundaries (never inside a surrogate pair). */
export function splitText(text: string, parts = 3): string[] {
  const chars = [...text];
  if (chars.length === 0) return [];
  const size = Math.max(1, Math.ceil(chars.length / parts));
  const pieces: string[] = [];
  for (let start = 0; start < chars.length; start += size) pieces.push(chars.slice(start, start + size).join(''));
  return pieces;
}

/** A stand-in for a tokenizer: every CJK character, and every run of letters or digits, is a token. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}]+/gu) ?? [];
}

export const countTokens = (text: string) => tokenize(text).length;

const FNV_PRIME = 0x01000193;
/** What UTF-8 encoding makes of a lone surrogate. */
const REPLACEMENT_CHARACTER = 0xfffd;

const mix = (h: number, byte: number) => Math.imul(h ^ byte, FNV_PRIME);

/**
 * 32-bit FNV-1a over the text's UTF-8 bytes, encoded here rather than into a Buffer: an embedding hashes
 * ~2,000 short features per segment, and a Buffer each made this stand-in cost ingestion benchmarks
 * about as much CPU as the platform's own work.
 */
export function hash32(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let index = 0; index < text.length; index += 1) {
    let code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdfff) {
      const low = text.charCodeAt(index + 1);
      const paired = code <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
      code = paired ? 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00) : REPLACEMENT_CHARACTER;
      if (paired) index += 1;
    }
    if (code < 0x80) h = mix(h, code);
    else if (code < 0x800) h = mix(mix(h, 0xc0 | (code >> 6)), 0x80 | (code & 0x3f));
    else if (code < 0x10000) h = mix(mix(mix(h, 0xe0 | (code >> 12)), 0x80 | ((code >> 6) & 0x3f)), 0x80 | (code & 0x3f));
    else h = mix(mix(mix(mix(h, 0xf0 | (code >> 18)), 0x80 | ((code >> 12) & 0x3f)), 0x80 | ((code >> 6) & 0x3f)), 0x80 | (code & 0x3f));
  }
  return h >>> 0;
}
