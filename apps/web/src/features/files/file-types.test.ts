import { describe, expect, it } from 'vitest';
import { codeLanguageOf, extensionOf, previewKind } from './file-types';

describe('file types', () => {
  it('previews by extension first, whatever the case', () => {
    expect(previewKind('报告.PDF', null)).toBe('pdf');
    expect(previewKind('数据.xlsx', 'application/octet-stream')).toBe('xlsx');
    expect(previewKind('名单.csv', null)).toBe('csv');
    expect(previewKind('说明.md', null)).toBe('markdown');
    expect(previewKind('main.py', null)).toBe('code');
    expect(previewKind('合同.docx', null)).toBe('docx');
    expect(previewKind('会议.mp3', null)).toBe('audio');
    expect(previewKind('演示.mp4', null)).toBe('video');
    expect(previewKind('照片.JPG', null)).toBe('image');
  });

  it('falls back to the MIME type, and refuses what it cannot show', () => {
    expect(previewKind('无扩展名', 'application/pdf')).toBe('pdf');
    expect(previewKind('无扩展名', 'text/plain')).toBe('text');
    expect(previewKind('图标', 'image/svg+xml')).toBe('unsupported');
    expect(previewKind('压缩包.zip', 'application/zip')).toBe('unsupported');
    expect(previewKind('旧版.doc', null)).toBe('unsupported');
  });

  it('names extensions and code languages', () => {
    expect(extensionOf('a.tar.GZ')).toBe('gz');
    expect(extensionOf('.env')).toBe('');
    expect(extensionOf('README')).toBe('');
    expect(codeLanguageOf('app.tsx')).toBe('typescript');
    expect(codeLanguageOf('notes.txt')).toBe('');
  });
});
