import { describe, expect, it } from 'vitest';
import { segmentWords, userWordsOf } from './index.js';

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

describe('segmentWords with user words', () => {
  const question = '毕昇字什么？他发明了活字印刷';

  it('keeps a user word whole where jieba would cut it or join it with its neighbour', () => {
    expect(segmentWords(question)).not.toContain('毕昇');
    const tokens = segmentWords(question, userWordsOf(['毕昇']));
    expect(tokens[0]).toBe('毕昇');
    expect(tokens).toContain('字');
    expect(tokens).toContain('活字印刷');
  });

  it('prefers the longest user word, adds the longer words jieba finds inside it, and matches Latin words only whole', () => {
    const tokens = segmentWords('星火大模型x3pro发布，x3不是x3pro', userWordsOf(['星火大模型', '星火'], ['x3pro']));
    expect(tokens.slice(0, 3)).toEqual(['星火大模型', '星火', '模型']);
    expect(tokens.filter((token) => token === 'x3pro')).toHaveLength(2);
    expect(segmentWords('abc', userWordsOf(['ab']))).toEqual(['abc']);
  });

  it('compiles equal lists once, whatever their order, and no words means none', () => {
    expect(userWordsOf(['乙词', '甲词'])).toBe(userWordsOf(['甲词'], ['乙词']));
    expect(userWordsOf([], [])).toBeUndefined();
  });
});
