import { checkZipArchive } from '../zip-archive.js';
import { htmlToBlocks } from './html.js';
import type { ParserResult } from './parser.js';

/** Word: mammoth renders headings (styles "heading 1"…) as h1…, tables as tables; the HTML becomes blocks. */
export async function parseDocx(bytes: Uint8Array): Promise<ParserResult> {
  checkZipArchive(bytes);
  const { default: mammoth } = await import('mammoth');
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Images would otherwise be inlined as base64: we only need the text.
  const convertImage = mammoth.images.imgElement(async () => ({ src: '' }));
  const { value } = await mammoth.convertToHtml({ buffer }, { convertImage });
  return { blocks: htmlToBlocks(value) };
}
