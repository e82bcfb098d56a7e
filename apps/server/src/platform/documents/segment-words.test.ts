import { describe, expect, it } from 'vitest';
import { segmentWords } from './index.js';

describe('segmentWords', () => {
  it('cuts Chinese in search mode, lower-cases and NFKC-normalises, and drops punctuation and stop words', () => {
    const tokens = segmentWords('请问我们的知识库如何支持ＰＤＦ文件？中华人民共和国');
    expect(tokens).toEqual(['知识', '知识库', '支持', 'pdf', '文件', '中华', '华人', '人民', '共和', '共和国', '中华人民共和国']);
  });

  it('handles English and numbers, and is deterministic', () => {
    const text = 'How to deploy Node.js 20 on the server, not in Docker!';
    expect(segmentWords(text)).toEqual(['deploy', 'node', 'js', '20', 'server', 'not', 'docker']);
    expect(segmentWords(text)).toEqual(segmentWords(text));
    expect(segmentWords('，。！ \n')).toEqual([]);
  });
});
