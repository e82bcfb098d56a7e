import { Typography } from 'antd';
import { getDocument, GlobalWorkerOptions, type PDFDocumentLoadingTask, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { PREVIEW_TEXT } from '../constants';
import { PdfAssetFactory } from './pdf-assets';
import { PreviewFallback, PreviewLoading } from './PreviewStates';
import styles from './preview.module.css';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Pages start rendering this far before they scroll into view. */
const RENDER_AHEAD = '800px';

type Loaded = { status: 'loading' } | { status: 'done'; doc: PDFDocumentProxy; ratio: number } | { status: 'failed' };

/** Opens the PDF with pdf.js (parsed in its worker); destroyed when the blob changes or the viewer goes. */
function usePdfDocument(blob: Blob): Loaded {
  const [state, setState] = useState<{ blob: Blob; loaded: Loaded } | null>(null);
  useEffect(() => {
    let live = true;
    let task: PDFDocumentLoadingTask | null = null;
    const open = async () => {
      const data = new Uint8Array(await blob.arrayBuffer());
      if (!live) return;
      task = getDocument({ data, BinaryDataFactory: PdfAssetFactory, useWorkerFetch: false, cMapPacked: true, isEvalSupported: false });
      const doc = await task.promise;
      const viewport = (await doc.getPage(1)).getViewport({ scale: 1 });
      if (live) setState({ blob, loaded: { status: 'done', doc, ratio: viewport.height / viewport.width } });
    };
    // Corrupt, encrypted or not a PDF at all: one Chinese message (pdf.js's reasons are English internals).
    open().catch(() => live && setState({ blob, loaded: { status: 'failed' } }));
    return () => {
      live = false;
      void task?.destroy();
    };
  }, [blob]);
  return state?.blob === blob ? state.loaded : { status: 'loading' };
}

/** One page: a placeholder of the page's shape until it nears the viewport, then a canvas as wide as the pane. */
function PdfPage({ doc, number, ratio }: { doc: PDFDocumentProxy; number: number; ratio: number }) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [rendered, setRendered] = useState(false);
  useEffect(() => {
    const target = box.current;
    if (!target) return undefined;
    let cancel: (() => void) | null = null;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting) || cancel) return;
        observer.disconnect();
        let stopped = false;
        let stopRender = () => {};
        cancel = () => {
          stopped = true;
          stopRender();
        };
        void (async () => {
          const page = await doc.getPage(number);
          const element = canvas.current;
          if (stopped || !element) return;
          const base = page.getViewport({ scale: 1 });
          const scale = (target.clientWidth / base.width) * (window.devicePixelRatio || 1);
          const viewport = page.getViewport({ scale });
          element.width = Math.floor(viewport.width);
          element.height = Math.floor(viewport.height);
          const task = page.render({ canvas: element, viewport });
          stopRender = () => task.cancel();
          await task.promise;
          if (!stopped) setRendered(true);
        })().catch(() => undefined); // a cancelled render rejects; a broken page stays blank
      },
      { rootMargin: RENDER_AHEAD },
    );
    observer.observe(target);
    return () => {
      observer.disconnect();
      cancel?.();
    };
  }, [doc, number]);
  return (
    <div
      ref={box}
      className={styles.pdfPage}
      style={rendered ? undefined : { aspectRatio: `1 / ${ratio}` }}
      data-testid="pdf-page"
      data-rendered={rendered}
      aria-label={PREVIEW_TEXT.pdfPage(number)}
    >
      <canvas ref={canvas} className={styles.pdfCanvas} />
    </div>
  );
}

/** A PDF drawn by pdf.js onto canvases (never the browser's own viewer), page by page as they scroll in. */
export default function PdfViewer({ blob }: { blob: Blob }) {
  const loaded = usePdfDocument(blob);
  if (loaded.status === 'loading') return <PreviewLoading />;
  if (loaded.status === 'failed') return <PreviewFallback status="error" title={PREVIEW_TEXT.renderFailed} />;
  const { doc, ratio } = loaded;
  return (
    <div className={styles.pdf}>
      <Typography.Text type="secondary">{PREVIEW_TEXT.pdfPages(doc.numPages)}</Typography.Text>
      {Array.from({ length: doc.numPages }, (_, index) => (
        <PdfPage key={index} doc={doc} number={index + 1} ratio={ratio} />
      ))}
    </div>
  );
}
