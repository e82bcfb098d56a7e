import { describe, expect, it } from 'vitest';
import { chunkDocument, type Block, type ParsedDocument } from './index.js';
import { splitSentences } from './sentences.js';

const doc = (...blocks: Block[]): ParsedDocument => ({ format: 'md', blocks });
const text = (t: string): Block => ({ kind: 'text', text: t });
const heading = (level: number, t: string): Block => ({ kind: 'heading', level, text: t });
const body = (chunkText: string) => chunkText.split('\n').slice(1).join('\n');

const SENTENCES = ['知识库把文档切成片段。', '每个片段大约两百字！', '句子不会被切断？', 'Retrieval works per chunk.', '最后一句；', '真的结束了。'];

describe('splitSentences', () => {
  it('ends Chinese and English sentences at their punctuation, keeping closing quotes and decimals', () => {
    expect(splitSentences('他说：“好的。”然后走了！版本 3.14 发布. Next one?')).toEqual(['他说：“好的。”', '然后走了！', '版本 3.14 发布. ', 'Next one?']);
    expect(splitSentences('等等……真的吗？！')).toEqual(['等等……', '真的吗？！']);
  });
});

describe('chunkDocument', () => {
  it('keeps sentences whole, stays within chunkSize and carries whole sentences as overlap', () => {
    const paragraph = SENTENCES.join('').repeat(6);
    const chunks = chunkDocument(doc(heading(1, '手册'), text(paragraph)), { chunkSize: 60, overlap: 15 });
    expect(chunks.length).toBeGreaterThan(4);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(60);
      expect(chunk.headings).toEqual(['手册']);
      expect(chunk.text.startsWith('手册\n')).toBe(true);
      // Every chunk body is a run of whole sentences.
      expect(splitSentences(body(chunk.text)).every((s) => SENTENCES.some((whole) => whole.startsWith(s.trim())))).toBe(true);
      expect(SENTENCES.some((s) => body(chunk.text).startsWith(s))).toBe(true);
    }
    let carried = 0;
    for (let i = 1; i < chunks.length; i++) {
      // The previous chunk's last sentence starts the next one whenever it fits in the overlap.
      const lastSentence = splitSentences(body(chunks[i - 1]!.text)).at(-1)!;
      if (lastSentence.length <= 15) {
        expect(body(chunks[i]!.text).startsWith(lastSentence)).toBe(true);
        carried++;
      }
    }
    expect(carried).toBeGreaterThan(0);
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
  });

  it('carries no overlap when overlap is 0, so the chunks rebuild the text', () => {
    const paragraph = SENTENCES.join('');
    const chunks = chunkDocument(doc(text(paragraph)), { chunkSize: 30, overlap: 0 });
    const withoutSpaces = (t: string) => t.replace(/\s/g, '');
    expect(withoutSpaces(chunks.map((c) => c.text).join(''))).toBe(withoutSpaces(paragraph));
    expect(chunks.every((c) => c.headings.length === 0)).toBe(true);
  });

  it('breaks at the given separators before sentence punctuation', () => {
    const first = '第一段第一句。第一段第二句。';
    const second = '第二段只有一句话。';
    // Both paragraphs' first sentences would fit in 26 characters; the paragraph break wins.
    const chunks = chunkDocument(doc(text(`${first}\n\n${second}${second}`)), { chunkSize: 26, overlap: 0 });
    expect(chunks[0]!.text).toBe(first);
    const custom = chunkDocument(doc(text('甲乙丙丁。戊己庚辛。|壬癸子丑。')), { chunkSize: 12, overlap: 0, separators: ['|'] });
    expect(custom.map((c) => c.text)).toEqual(['甲乙丙丁。戊己庚辛。', '壬癸子丑。']);
  });

  it('cuts a sentence only when it alone exceeds chunkSize, preferring a comma', () => {
    const long = `${'很长的句子'.repeat(4)}，${'没有句号'.repeat(5)}。`;
    const chunks = chunkDocument(doc(text(long)), { chunkSize: 25, overlap: 0 });
    expect(chunks.map((c) => c.text).join('')).toBe(long);
    expect(chunks[0]!.text).toBe(`${'很长的句子'.repeat(4)}，`);
    expect(chunks.every((c) => c.text.length <= 25)).toBe(true);
  });

  it('keeps each heading path with the text under it, and a heading with nothing under it', () => {
    const chunks = chunkDocument(
      doc(
        heading(1, '员工手册'),
        text('欢迎。'),
        heading(2, '考勤'),
        text('九点上班。'),
        heading(2, '请假'),
        heading(3, '病假'),
        text('需要证明。'),
        heading(2, '附录'),
        heading(1, '第二章'),
        { kind: 'table', text: '姓名: 张三\n姓名: 李四' },
      ),
      { chunkSize: 200, overlap: 20 },
    );
    expect(chunks.map((c) => [c.headings, c.text])).toEqual([
      [['员工手册'], '员工手册\n欢迎。'],
      [['员工手册', '考勤'], '员工手册 > 考勤\n九点上班。'],
      [['员工手册', '请假', '病假'], '员工手册 > 请假 > 病假\n需要证明。'],
      [['员工手册', '附录'], '员工手册 > 附录'],
      [['第二章'], '第二章\n姓名: 张三\n姓名: 李四'],
    ]);
  });

  it('splits tables between rows', () => {
    const rows = Array.from({ length: 10 }, (_, i) => `姓名: 员工${i} | 部门: 研发部`);
    const chunks = chunkDocument(doc({ kind: 'table', text: rows.join('\n') }), { chunkSize: 60, overlap: 0 });
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.flatMap((c) => c.text.split('\n'))).toEqual(rows);
  });

  it('refuses options that make no sense', () => {
    expect(() => chunkDocument(doc(text('a')), { chunkSize: 0, overlap: 0 })).toThrow(RangeError);
    expect(() => chunkDocument(doc(text('a')), { chunkSize: 10, overlap: 10 })).toThrow(RangeError);
  });
});
