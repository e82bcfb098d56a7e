/** Content types by extension. The client's own content type is never trusted. */
const BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  xml: 'application/xml',
  yaml: 'text/yaml',
  yml: 'text/yaml',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  svg: 'image/svg+xml',
  js: 'text/javascript',
  mjs: 'text/javascript',
  ts: 'text/plain',
  tsx: 'text/plain',
  jsx: 'text/plain',
  py: 'text/x-python',
  java: 'text/plain',
  c: 'text/plain',
  h: 'text/plain',
  cpp: 'text/plain',
  go: 'text/plain',
  rs: 'text/plain',
  sh: 'text/plain',
  sql: 'text/plain',
  ini: 'text/plain',
  toml: 'text/plain',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  flac: 'audio/flac',
  aac: 'audio/aac',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  zip: 'application/zip',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  '7z': 'application/x-7z-compressed',
  rar: 'application/vnd.rar',
};

export const DEFAULT_MIME = 'application/octet-stream';

export function mimeOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return DEFAULT_MIME;
  return BY_EXTENSION[fileName.slice(dot + 1).toLowerCase()] ?? DEFAULT_MIME;
}

// Markup that runs script when a browser renders it is always a download, never shown inline.
const NEVER_INLINE = new Set(['text/html', 'image/svg+xml', 'application/xml', 'text/javascript', 'text/css']);

/** Whether the preview page may show the file in the browser (`inline`) rather than download it. */
export function mayShowInline(mime: string): boolean {
  if (NEVER_INLINE.has(mime)) return false;
  return /^(image|audio|video|text)\//.test(mime) || mime === 'application/pdf' || mime === 'application/json';
}
