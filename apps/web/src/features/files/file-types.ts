/** How a file is previewed, decided by its extension first and its MIME type second. */
export type PreviewKind = 'pdf' | 'image' | 'markdown' | 'code' | 'text' | 'docx' | 'xlsx' | 'csv' | 'audio' | 'video' | 'unsupported';

/** Extensions of code files → the highlighter's language (components/chat/markdown-plugins). */
const CODE_LANGUAGES: Record<string, string> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  py: 'python',
  java: 'java',
  go: 'go',
  sql: 'sql',
  json: 'json',
  css: 'css',
  html: 'xml',
  htm: 'xml',
  xml: 'xml',
  svg: 'xml',
  vue: 'xml',
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  yml: 'yaml',
  yaml: 'yaml',
};

const BY_EXTENSION: Record<string, PreviewKind> = {
  pdf: 'pdf',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  bmp: 'image',
  ico: 'image',
  avif: 'image',
  md: 'markdown',
  markdown: 'markdown',
  txt: 'text',
  log: 'text',
  ini: 'text',
  conf: 'text',
  cfg: 'text',
  toml: 'text',
  env: 'text',
  properties: 'text',
  c: 'text',
  h: 'text',
  cpp: 'text',
  rs: 'text',
  rb: 'text',
  php: 'text',
  kt: 'text',
  swift: 'text',
  cs: 'text',
  docx: 'docx',
  xlsx: 'xlsx',
  csv: 'csv',
  tsv: 'csv',
  mp3: 'audio',
  wav: 'audio',
  ogg: 'audio',
  m4a: 'audio',
  aac: 'audio',
  flac: 'audio',
  mp4: 'video',
  webm: 'video',
  mov: 'video',
  m4v: 'video',
  ogv: 'video',
  ...Object.fromEntries(Object.keys(CODE_LANGUAGES).map((extension) => [extension, 'code' as const])),
};

/** `报告.final.PDF` → `pdf`; no dot → ''. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function previewKind(name: string, mime: string | null): PreviewKind {
  const known = BY_EXTENSION[extensionOf(name)];
  if (known) return known;
  const type = (mime ?? '').toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/') && type !== 'image/svg+xml') return 'image';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  if (type === 'text/markdown') return 'markdown';
  if (type === 'text/csv') return 'csv';
  if (type.startsWith('text/') || type === 'application/json') return 'text';
  return 'unsupported';
}

/** The highlighter's language for a code file ('' when it has none). */
export function codeLanguageOf(name: string): string {
  return CODE_LANGUAGES[extensionOf(name)] ?? '';
}

/** The largest file each kind previews in the page (bytes); above it, download instead. */
export const PREVIEW_LIMITS: Record<Exclude<PreviewKind, 'unsupported'>, number> = {
  pdf: 100 * 1024 * 1024,
  image: 50 * 1024 * 1024,
  markdown: 5 * 1024 * 1024,
  code: 5 * 1024 * 1024,
  text: 20 * 1024 * 1024,
  docx: 30 * 1024 * 1024,
  xlsx: 30 * 1024 * 1024,
  csv: 30 * 1024 * 1024,
  // Played from a link with Range requests, never downloaded whole: any size.
  audio: Number.MAX_SAFE_INTEGER,
  video: Number.MAX_SAFE_INTEGER,
};
