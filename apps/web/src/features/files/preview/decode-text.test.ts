import { describe, expect, it } from 'vitest';
import { decodeText, readText } from './decode-text';

describe('decoding text files', () => {
  it('reads UTF-8, and GB18030 when the bytes are not UTF-8', () => {
    expect(decodeText(new TextEncoder().encode('中文内容'))).toBe('中文内容');
    // 中文 in GBK/GB18030.
    expect(decodeText(new Uint8Array([0xd6, 0xd0, 0xce, 0xc4]))).toBe('中文');
  });

  it('cuts a long file at a character boundary and says so', async () => {
    const blob = new Blob(['一二三四']); // 12 bytes of UTF-8
    expect(await readText(blob, 100)).toEqual({ text: '一二三四', truncated: false });
    expect(await readText(blob, 6)).toEqual({ text: '一二', truncated: true });
    expect(await readText(blob, 7)).toEqual({ text: '一二', truncated: true });
    expect(await readText(blob, 8)).toEqual({ text: '一二', truncated: true });
    expect(await readText(blob, 4)).toEqual({ text: '一', truncated: true });
  });
});
