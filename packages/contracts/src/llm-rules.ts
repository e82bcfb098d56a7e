/**
 * Zod-free rules of the model registry, shared by the schemas in llm.ts and the web form (which must
 * not pull zod into its bundle).
 */

/** A model name: letters and digits of any script, then also `_ . : / @ -`. */
export const LLM_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}_.:/@-]*$/u;

/** An absolute http(s) URL without credentials in it. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}
