import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures/documents/index.js';
import { DocumentRejected, parseDocument, type Block } from './index.js';

const parse = (name: string) => parseDocument(readFixture(name));
const headings = (blocks: Block[]) => blocks.filter((b) => b.kind === 'heading').map((b) => `${b.level} ${b.text}`);
const allText = (blocks: Block[]) => blocks.map((b) => b.text).join('\n');

async function rejection(name: string, bytes?: Uint8Array) {
  const error = await parseDocument(bytes ? { bytes, fileName: name } : readFixture(name)).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DocumentRejected);
  return (error as DocumentRejected).reason;
}

describe('parseDocument', () => {
  it('reads a Chinese PDF page by page, with the large title as a heading and ⽂ normalised to 文', async () => {
    const doc = await parse('chinese.pdf');
    expect(doc.format).toBe('pdf');
    expect(doc.pages).toBe(2);
    expect(headings(doc.blocks)).toEqual(['1 产品使用手册']);
    expect(allText(doc.blocks)).toContain('本手册介绍智能体平台的安装与配置。\n请先阅读文档再开始操作。');
    expect(allText(doc.blocks)).toContain('第二页：知识库支持 PDF、Word 与表格文件。');
    expect(allText(doc.blocks)).not.toContain('⽂');
  });

  it('keeps DOCX headings and renders its table as rows', async () => {
    const doc = await parse('handbook.docx');
    expect(headings(doc.blocks)).toEqual(['1 员工手册', '2 考勤制度', '2 请假流程']);
    expect(doc.blocks[1]).toEqual({ kind: 'text', text: '欢迎加入我们的团队。本手册说明公司的基本制度。' });
    expect(doc.blocks.at(-1)).toEqual({ kind: 'table', text: '假期类型: 年假 | 天数: 10\n假期类型: 病假 | 天数: 5' });
  });

  it('gives each XLSX sheet a heading and its rows, with formula results and dates', async () => {
    const doc = await parse('sales.xlsx');
    expect(doc.blocks).toEqual([
      { kind: 'heading', level: 1, text: '销售数据' },
      {
        kind: 'table',
        text: '地区: 华东 | 负责人: 张三 | 销售额: 1200 | 日期: 2024-01-15\n地区: 华南 | 负责人: 李四 | 销售额: 980.5 | 日期: 2024-02-01\n地区: 合计 | 销售额: 2180.5',
      },
      { kind: 'heading', level: 1, text: '人员' },
      { kind: 'table', text: '姓名: 王五 | 部门: 研发部' },
    ]);
  });

  it('reads CSV in UTF-8 (with BOM) and in GBK alike, quotes included', async () => {
    const expected = [{ kind: 'table', text: '产品: 智能音箱 | 价格: 299 | 备注: 支持语音,蓝牙\n产品: 扫地机器人 | 价格: 1999 | 备注: 说明含"引号"' }];
    expect((await parse('products.csv')).blocks).toEqual(expected);
    expect((await parse('products-gbk.csv')).blocks).toEqual(expected);
  });

  it('reads PPTX slides in presentation order, each titled', async () => {
    const doc = await parse('slides.pptx');
    expect(doc.pages).toBe(3);
    expect(headings(doc.blocks)).toEqual(['1 季度总结', '1 重点项目', '1 下季度计划']);
    expect(doc.blocks[3]).toEqual({ kind: 'text', text: '知识库平台上线。\n客户满意度达到九十分。' });
    expect(allText(doc.blocks)).toContain('扩大华东市场 & 招聘十名工程师。');
  });

  it('takes Markdown headings from #, but not from inside a code fence', async () => {
    const doc = await parse('guide.md');
    expect(headings(doc.blocks)).toEqual(['1 部署指南', '2 环境要求', '2 启动']);
    expect(allText(doc.blocks)).toContain('# 这不是标题');
    expect(doc.blocks).toContainEqual({ kind: 'table', text: '组件: Node.js | 版本: 20' });
  });

  it('drops scripts and styles from HTML and keeps h1–h6, lists and tables', async () => {
    const doc = await parse('page.html');
    expect(headings(doc.blocks)).toEqual(['1 公司简介', '2 联系方式']);
    const text = allText(doc.blocks);
    expect(text).toContain('我们是一家 专注于人工智能的公司。');
    expect(text).toContain('- 电话：010-12345678');
    expect(text).toContain('城市: 北京 | 地址: 海淀区');
    expect(text).not.toMatch(/alert|color|请启用脚本|doctype/i);
  });

  it('pretty-prints JSON and refuses invalid JSON', async () => {
    const doc = await parse('config.json');
    expect(doc.blocks).toEqual([{ kind: 'text', text: JSON.stringify({ 名称: '智能客服', 版本: 2, 功能: ['问答', '检索'] }, null, 2) }]);
    expect(await rejection('invalid.json')).toBe('文件不是有效的 JSON');
  });

  it('reads TXT as paragraphs, in UTF-8 or GBK', async () => {
    expect((await parse('notes.txt')).blocks).toEqual([
      { kind: 'text', text: '会议纪要' },
      { kind: 'text', text: '今天讨论了知识库的上线计划。下周一开始测试。' },
      { kind: 'text', text: '负责人：张三' },
    ]);
    expect(allText((await parse('notes-gbk.txt')).blocks)).toBe('会议纪要\n今天讨论了知识库的上线计划。');
  });

  it('refuses bad files with a reason for the user', async () => {
    expect(await rejection('empty.txt')).toBe('文件为空');
    expect(await rejection('program.pdf')).toBe('文件内容与扩展名不符');
    expect(await rejection('encrypted.pdf')).toBe('文件已加密，无法解析');
    expect(await rejection('bomb.docx')).toBe('压缩内容过大，疑似压缩炸弹');
    expect(await rejection('blank.pdf')).toMatch(/^PDF 中没有可提取的文字/);
    expect(await rejection('setup.exe', new Uint8Array([0x4d, 0x5a]))).toBe('不支持的文件格式：.exe');
    expect(await rejection('blank.txt', new TextEncoder().encode(' \n\n \t'))).toBe('文件中没有可提取的文字');
    expect(await rejection('broken.docx', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBe('文件已损坏，无法解析');
  });

  it('refuses images while OCR (@gutenye/ocr-node) is not installed', async () => {
    expect(await rejection('picture.png')).toBe('图片识别（OCR）未安装，请管理员安装后重试');
  });

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(parseDocument(readFixture('notes.txt'), { signal: controller.signal })).rejects.toThrow('stopped');
  });
});
