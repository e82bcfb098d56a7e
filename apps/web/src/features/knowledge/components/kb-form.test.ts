import { describe, expect, it } from 'vitest';
import { decodeSeparator, encodeSeparator, toFormValues, toKbBody } from './kb-form';

describe('knowledge-base form values', () => {
  it('turns typed escapes into the separators the server stores, and back', () => {
    expect(decodeSeparator('\\n\\n')).toBe('\n\n');
    expect(decodeSeparator('。')).toBe('。');
    expect(encodeSeparator('\n\t')).toBe('\\n\\t');
  });

  it('sends null for models not chosen and trims what was typed', () => {
    const body = toKbBody({ ...toFormValues(), name: ' 产品手册 ', tags: [' 手册 ', ''], separators: ['\\n\\n', '。'] });
    expect(body).toEqual({
      name: '产品手册',
      description: '',
      embedding_model: null,
      rerank_model: null,
      tags: ['手册'],
      is_public: false,
      chunk_size: 500,
      chunk_overlap: 50,
      separators: ['\n\n', '。'],
    });
  });
});
