import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DocumentRejected, REJECT } from '../types.js';
import type { ParserResult } from './parser.js';

/** The part of `@gutenye/ocr-node` (an optional, separately installed package) that we use. */
interface OcrEngine {
  /** 1.4.8 answers the lines; older versions `{ texts: lines }`. */
  detect(imagePath: string): Promise<OcrLine[] | { texts: OcrLine[] }>;
}
interface OcrLine {
  text: string;
}
interface OcrModule {
  default: { create(options?: object): Promise<OcrEngine> };
}

// A variable, so neither TypeScript nor the bundler require the package to exist.
const OCR_PACKAGE = '@gutenye/ocr-node';
let engine: Promise<OcrEngine> | undefined;

/** The engine, loaded once; a failed start is not remembered, so a fixed installation is picked up. */
function loadEngine() {
  engine ??= import(OCR_PACKAGE).then(
    async (mod: OcrModule) => {
      try {
        return await mod.default.create();
      } catch (error) {
        engine = undefined;
        throw new DocumentRejected(REJECT.ocrBroken, { cause: error });
      }
    },
    (error: unknown) => {
      engine = undefined;
      throw new DocumentRejected(REJECT.ocrMissing, { cause: error });
    },
  );
  return engine;
}

/** Images through PP-OCR (Chinese and English) when `@gutenye/ocr-node` is installed; refused otherwise. */
export async function parseImage(bytes: Uint8Array): Promise<ParserResult> {
  const ocr = await loadEngine();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ocr-'));
  try {
    const file = path.join(dir, 'image');
    await fs.writeFile(file, bytes);
    const result = await ocr.detect(file);
    const lines = Array.isArray(result) ? result : result.texts;
    const text = lines
      .map((line) => line.text.trim())
      .filter(Boolean)
      .join('\n');
    return { blocks: text ? [{ kind: 'text', text }] : [] };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Whether the OCR package can be found (without starting its engine, which takes seconds and memory). */
export function ocrInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve(OCR_PACKAGE);
    return true;
  } catch {
    return false;
  }
}

export { OCR_PACKAGE };
