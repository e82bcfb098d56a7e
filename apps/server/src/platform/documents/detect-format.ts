import { DocumentRejected, REJECT, type DocumentFormat } from './types.js';

const BY_EXTENSION: Record<string, DocumentFormat> = {
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  csv: 'csv',
  pptx: 'pptx',
  md: 'md',
  markdown: 'md',
  txt: 'txt',
  text: 'txt',
  html: 'html',
  htm: 'html',
  json: 'json',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  webp: 'image',
  bmp: 'image',
};

const startsWith = (head: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const isZip = (head: Uint8Array) => startsWith(head, [0x50, 0x4b, 0x03, 0x04]);
/** OLE compound file: legacy .doc/.xls/.ppt, and also password-protected .docx/.xlsx/.pptx. */
const isCompoundFile = (head: Uint8Array) => startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const isImage = (head: Uint8Array) =>
  startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
  startsWith(head, [0xff, 0xd8, 0xff]) ||
  (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) ||
  (startsWith(head, ascii('BM')) && head.length >= 26);

/** PDF readers accept the header anywhere in the first kilobyte. */
function isPdf(head: Uint8Array) {
  const limit = Math.min(head.length, 1024);
  for (let i = 0; i + 5 <= limit; i++) if (startsWith(head, ascii('%PDF-'), i)) return true;
  return false;
}

// Full signatures only: a text may well start with "PK" or "MZ". Executables are caught by their NUL bytes.
const BINARY_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04], // zip (and so docx, xlsx, pptx)
  [0x50, 0x4b, 0x05, 0x06], // empty zip
  ascii('%PDF-'),
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0xd0, 0xcf, 0x11, 0xe0], // OLE
  [0x1f, 0x8b, 0x08], // gzip
  ascii('Rar!'),
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7z
  [0x89, 0x50, 0x4e, 0x47], // png
  [0xff, 0xd8, 0xff], // jpeg
  ascii('GIF87a'),
  ascii('GIF89a'),
];

const hasUtf16Bom = (head: Uint8Array) => startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff]);

/** Text: no known binary signature and no NUL byte (UTF-16 with a BOM excepted). */
function isText(head: Uint8Array) {
  if (hasUtf16Bom(head)) return true;
  if (BINARY_SIGNATURES.some((sig) => startsWith(head, sig))) return false;
  const limit = Math.min(head.length, 8192);
  for (let i = 0; i < limit; i++) if (head[i] === 0) return false;
  return true;
}

/** "EncryptionInfo" in UTF-16LE: the stream an encrypted Office Open XML file keeps in its OLE container. */
const ENCRYPTION_INFO = [...'EncryptionInfo'].flatMap((c) => [c.charCodeAt(0), 0]);
function mentionsEncryptionInfo(head: Uint8Array) {
  outer: for (let i = 0; i + ENCRYPTION_INFO.length <= head.length; i++) {
    for (let j = 0; j < ENCRYPTION_INFO.length; j++) if (head[i + j] !== ENCRYPTION_INFO[j]) continue outer;
    return true;
  }
  return false;
}

export function extensionOf(fileName: string) {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** Format from the extension, confirmed by magic bytes (a renamed binary is rejected). */
export function detectFormat(fileName: string, head: Uint8Array): DocumentFormat {
  const ext = extensionOf(fileName);
  const format = BY_EXTENSION[ext];
  if (!format) {
    if (['doc', 'xls', 'ppt'].includes(ext)) throw new DocumentRejected(REJECT.legacyOffice(`.${ext}`));
    throw new DocumentRejected(REJECT.unsupported(ext ? `.${ext}` : ''));
  }
  if (head.length === 0) throw new DocumentRejected(REJECT.empty);
  const confirmed = (() => {
    switch (format) {
      case 'pdf':
        return isPdf(head);
      case 'docx':
      case 'xlsx':
      case 'pptx':
        if (isCompoundFile(head) && mentionsEncryptionInfo(head)) throw new DocumentRejected(REJECT.encrypted);
        return isZip(head);
      case 'image':
        return isImage(head);
      default:
        return isText(head);
    }
  })();
  if (!confirmed) throw new DocumentRejected(REJECT.mismatch);
  return format;
}
