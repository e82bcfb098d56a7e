import { SUGGESTED_QUESTION_COUNT } from '@agent-platform/contracts';

const MAX_QUESTION_LENGTH = 60;

/** Strips what models wrap answers in: visible thinking, code fences. */
function unwrap(output: string): string {
  return output
    .replace(/<think>[\s\S]*?<\/think>/gi, '')
    .replace(/```(?:json|JSON)?/g, '')
    .trim();
}

function fromJsonArray(text: string): string[] | undefined {
  const start = text.indexOf('[');
  const end = text.lastIndexOf(']');
  if (start === -1 || end <= start) return undefined;
  try {
    const parsed: unknown = JSON.parse(text.slice(start, end + 1));
    if (!Array.isArray(parsed)) return undefined;
    return parsed.map((item) => (typeof item === 'string' ? item : typeof item === 'object' && item && 'question' in item ? String(item.question) : ''));
  } catch {
    return undefined;
  }
}

/** `1. …`, `2、…`, `(3) …`, `- …`, `• …`: one question a line. */
function fromLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => /^\s*(?:\d+\s*[.、．:：)）]|[（(]\d+[)）]|[-*•·])\s*(.+)$/.exec(line)?.[1] ?? '')
    .filter(Boolean);
}

function clean(question: string): string {
  return question
    .trim()
    .replace(/^["'“”‘’「『]+|["'“”‘’」』,，]+$/g, '')
    .replace(/\*\*/g, '')
    .trim();
}

/**
 * The follow-up questions in a model's answer: a JSON array of strings, or numbered or bulleted lines.
 * Empty, over-long and repeated questions are dropped; `undefined` when fewer than three remain.
 */
export function parseSuggestedQuestions(output: string): string[] | undefined {
  const text = unwrap(output);
  const candidates = fromJsonArray(text) ?? fromLines(text);
  const questions = [...new Set(candidates.map(clean))].filter((question) => question.length > 0 && [...question].length <= MAX_QUESTION_LENGTH);
  return questions.length >= SUGGESTED_QUESTION_COUNT ? questions.slice(0, SUGGESTED_QUESTION_COUNT) : undefined;
}
