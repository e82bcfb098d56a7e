import type { Readable } from 'node:stream';
import { DocumentRejected, type DocumentWorkers } from '../../platform/documents/index.js';
import { badInput, type Viewer } from '../../core/index.js';
import type { ChatMessage, ImagePart, TextPart } from '../../platform/llm/index.js';
import type { FileService } from './files.service.js';

const MAX_BYTES = 10 * 1024 * 1024;
const MAX_CHARS_PER_FILE = 20_000;
const MAX_CHARS = 60_000;

/** Files attached to a chat question: documents as text, images as image parts for vision models. */
export interface ChatAttachments {
  text: string;
  images: ImagePart[];
  files: Array<{ id: string; name: string }>;
}

/** How every chat kind reads a question's `file_ids` (bound to the file manager in app.ts). */
export type ReadChatAttachments = (viewer: Viewer, fileIds: string[], options: { vision: boolean }) => Promise<ChatAttachments>;

/** The question's files, read before any stream starts (40401 / 40001), or nothing when it has none. */
export async function readQuestionFiles(read: ReadChatAttachments, viewer: Viewer, fileIds: string[] | undefined, vision: boolean): Promise<ChatAttachments | undefined> {
  return fileIds?.length ? read(viewer, fileIds, { vision }) : undefined;
}

/** The question as the model is sent it: the files' text after it, their images beside it. */
export function questionWithAttachments(query: string, attachments: ChatAttachments | undefined): string | Array<TextPart | ImagePart> {
  if (!attachments) return query;
  const text = attachments.text ? `${query}\n\n${attachments.text}` : query;
  return attachments.images.length ? [{ type: 'text', text }, ...attachments.images] : text;
}

/** A chat's messages with the files added to the last one, this turn's question. */
export function withAttachedFiles(messages: Array<{ role: 'user' | 'assistant'; content: string }>, attachments: ChatAttachments | undefined): ChatMessage[] {
  return messages.map((message, index) =>
    message.role === 'user' && index === messages.length - 1 ? { role: 'user', content: questionWithAttachments(message.content, attachments) } : message,
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}\n…（附件内容过长，已截断）` : text);

/**
 * Reads the files of `file_ids` for a model: each must be the viewer's to read (40401), at most 10 MB,
 * a document we can parse or, for a vision model, an image (40001 with the reason otherwise).
 */
export async function readChatAttachments(
  files: FileService,
  workers: Pick<DocumentWorkers, 'parse'>,
  viewer: Viewer,
  fileIds: string[],
  options: { vision: boolean },
): Promise<ChatAttachments> {
  const result: ChatAttachments = { text: '', images: [], files: [] };
  const texts: string[] = [];
  for (const id of [...new Set(fileIds)]) {
    const opened = await files.openForViewer(viewer, id);
    const { name, size, mime } = opened.entry;
    if ((size ?? 0) > MAX_BYTES) throw badInput(`附件「${name}」超过 10 MB，无法发送给模型`);
    const bytes = await readAll(await opened.open());
    result.files.push({ id, name });
    if (mime?.startsWith('image/')) {
      if (!options.vision) throw badInput(`当前模型不支持图片，请换用支持图片的模型或移除附件「${name}」`);
      result.images.push({ type: 'image', url: `data:${mime};base64,${bytes.toString('base64')}` });
      continue;
    }
    try {
      const document = await workers.parse({ bytes, fileName: name });
      texts.push(`【附件：${name}】\n${clip(document.blocks.map((block) => block.text).join('\n'), MAX_CHARS_PER_FILE)}`);
    } catch (error) {
      if (error instanceof DocumentRejected) throw badInput(`附件「${name}」无法读取：${error.message}`);
      throw error;
    }
  }
  result.text = clip(texts.join('\n\n'), MAX_CHARS);
  return result;
}
