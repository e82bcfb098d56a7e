/**
 * The data files pdf.js fetches while rendering: Adobe CMaps (Chinese, Japanese and Korean fonts that
 * are not embedded), the standard fonts, and the wasm image decoders. Vite emits each as an asset;
 * only their URLs are in this (lazily loaded) chunk, and a file is fetched only when a PDF needs it.
 */
const ASSET_URLS: Record<string, Record<string, string>> = {
  cMapUrl: import.meta.glob<string>('../../../../../../node_modules/pdfjs-dist/cmaps/*', { query: '?url', import: 'default', eager: true }),
  standardFontDataUrl: import.meta.glob<string>('../../../../../../node_modules/pdfjs-dist/standard_fonts/*', { query: '?url', import: 'default', eager: true }),
  wasmUrl: import.meta.glob<string>('../../../../../../node_modules/pdfjs-dist/wasm/*', { query: '?url', import: 'default', eager: true }),
};

function assetUrl(kind: string, filename: string): string | undefined {
  const files = ASSET_URLS[kind] ?? {};
  const key = Object.keys(files).find((path) => path.endsWith(`/${filename}`));
  return key ? files[key] : undefined;
}

/** pdf.js's `BinaryDataFactory`: serves its data files from the emitted assets. */
export class PdfAssetFactory {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = assetUrl(kind, filename);
    if (!url) throw new Error(`pdf.js data file not bundled: ${kind}/${filename}`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`pdf.js data file not loaded: ${url}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}
