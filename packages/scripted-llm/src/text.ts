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

/** 32-bit FNV-1a. */
export function hash32(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (const byte of Buffer.from(text, 'utf8')) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
