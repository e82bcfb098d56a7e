import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures/documents/index.js';
import { DocumentRejected, detectFormat } from './index.js';

const text = (s: string) => new TextEncoder().encode(s);
const reason = (fileName: string, head: Uint8Array) => {
  try {
    detectFormat(fileName, head);
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentRejected);
    return (error as DocumentRejected).reason;
  }
  throw new Error(`${fileName} was accepted`);
};

describe('detectFormat', () => {
  it('names the format from the extension once the content agrees', () => {
    const cases: [string, string][] = [
      ['chinese.pdf', 'pdf'],
      ['handbook.docx', 'docx'],
      ['sales.xlsx', 'xlsx'],
      ['slides.pptx', 'pptx'],
      ['products.csv', 'csv'],
      ['guide.md', 'md'],
      ['notes.txt', 'txt'],
      ['page.html', 'html'],
      ['config.json', 'json'],
      ['picture.png', 'image'],
    ];
    for (const [name, format] of cases) expect(detectFormat(name, readFixture(name).bytes.subarray(0, 4096))).toBe(format);
    expect(detectFormat('报告.PDF', text('%PDF-1.4'))).toBe('pdf');
    expect(detectFormat('photo.JPG', new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image');
    expect(detectFormat('readme.markdown', text('# 标题'))).toBe('md');
    expect(detectFormat('pku.txt', text('PKU 简介：MZ 型号'))).toBe('txt');
  });

  it('refuses unknown extensions, old Office formats and empty files', () => {
    expect(reason('setup.exe', text('MZ'))).toBe('不支持的文件格式：.exe');
    expect(reason('README', text('hello'))).toBe('不支持的文件格式：无扩展名');
    expect(reason('old.doc', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]))).toBe('不支持旧版 Office 格式：.doc，请另存为 .docx 后上传');
    expect(reason('empty.txt', new Uint8Array())).toBe('文件为空');
  });

  it('refuses renamed binaries: an executable as .pdf or .txt, HTML as .pdf, a PDF as .docx', () => {
    const exe = readFixture('program.pdf').bytes;
    expect(reason('program.pdf', exe)).toBe('文件内容与扩展名不符');
    expect(reason('program.txt', exe)).toBe('文件内容与扩展名不符');
    expect(reason('page.pdf', text('<html><body>hi</body></html>'))).toBe('文件内容与扩展名不符');
    expect(reason('report.docx', text('%PDF-1.7'))).toBe('文件内容与扩展名不符');
    expect(reason('report.txt', readFixture('chinese.pdf').bytes)).toBe('文件内容与扩展名不符');
    expect(reason('sheet.csv', readFixture('sales.xlsx').bytes)).toBe('文件内容与扩展名不符');
    expect(reason('photo.png', text('not an image'))).toBe('文件内容与扩展名不符');
  });

  it('recognises a password-protected Office file (an OLE container holding EncryptionInfo)', () => {
    const head = new Uint8Array(1024);
    head.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    head.set(
      [...'EncryptionInfo'].flatMap((c) => [c.charCodeAt(0), 0]),
      600,
    );
    expect(reason('secret.xlsx', head)).toBe('文件已加密，无法解析');
  });
});
