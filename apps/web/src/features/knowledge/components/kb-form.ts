import { KB_CHUNK_DEFAULTS, type CreateKbBody, type KnowledgeBase } from '@agent-platform/contracts';

/** The knowledge-base form's fields; models are undefined when none is chosen (a cleared Select). */
export interface KbFormValues {
  name: string;
  description?: string;
  embedding_model?: string;
  rerank_model?: string;
  tags: string[];
  is_public: boolean;
  chunk_size: number;
  chunk_overlap: number;
  /** As typed: `\n` stands for a line break. */
  separators: string[];
}

const ESCAPES: Array<[typed: string, real: string]> = [
  ['\\n', '\n'],
  ['\\t', '\t'],
];

/** `\n\n` as typed → two line breaks; what the server stores. */
export const decodeSeparator = (typed: string) => ESCAPES.reduce((text, [from, to]) => text.split(from).join(to), typed);
/** Line breaks → `\n`, so a separator can be seen and edited. */
export const encodeSeparator = (real: string) => ESCAPES.reduce((text, [to, from]) => text.split(from).join(to), real);

export function toFormValues(kb?: KnowledgeBase): KbFormValues {
  if (!kb) return { name: '', tags: [], is_public: false, separators: [], ...KB_CHUNK_DEFAULTS };
  return {
    name: kb.name,
    description: kb.description,
    embedding_model: kb.embedding_model ?? undefined,
    rerank_model: kb.rerank_model ?? undefined,
    tags: kb.tags,
    is_public: kb.is_public,
    chunk_size: kb.chunk_size,
    chunk_overlap: kb.chunk_overlap,
    separators: kb.separators.map(encodeSeparator),
  };
}

export function toKbBody(values: KbFormValues): CreateKbBody {
  return {
    name: values.name.trim(),
    description: values.description?.trim() ?? '',
    embedding_model: values.embedding_model ?? null,
    rerank_model: values.rerank_model ?? null,
    tags: values.tags.map((tag) => tag.trim()).filter(Boolean),
    is_public: values.is_public,
    chunk_size: values.chunk_size,
    chunk_overlap: values.chunk_overlap,
    separators: values.separators.map(decodeSeparator).filter(Boolean),
  };
}
