export type DocumentFormat = 'pdf' | 'docx' | 'xlsx' | 'csv' | 'pptx' | 'md' | 'txt' | 'html' | 'json' | 'image';

export type Block = { kind: 'heading'; level: number; text: string } | { kind: 'text'; text: string } | { kind: 'table'; text: string };

export interface ParsedDocument {
  format: DocumentFormat;
  blocks: Block[];
  pages?: number;
}

/** A file we refuse, with a Chinese reason shown to the user. */
export class DocumentRejected extends Error {
  override readonly name = 'DocumentRejected';

  /** `cause`: the library error behind a refusal such as '文件已损坏，无法解析', for the logs. */
  constructor(
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(reason, options);
  }
}

export const REJECT = {
  empty: '文件为空',
  encrypted: '文件已加密，无法解析',
  mismatch: '文件内容与扩展名不符',
  zipBomb: '压缩内容过大，疑似压缩炸弹',
  corrupt: '文件已损坏，无法解析',
  tooComplex: '文件过大或过于复杂，无法解析',
  noText: '文件中没有可提取的文字',
  scannedPdf: 'PDF 中没有可提取的文字（可能是扫描件，请转成图片后上传以识别文字）',
  invalidJson: '文件不是有效的 JSON',
  ocrMissing: '图片识别（OCR）未安装，请管理员安装后重试',
  ocrBroken: '图片识别（OCR）无法启动，请管理员检查安装',
  unsupported: (ext: string) => `不支持的文件格式：${ext || '无扩展名'}`,
  legacyOffice: (ext: string) => `不支持旧版 Office 格式：${ext}，请另存为 ${ext}x 后上传`,
} as const;
