import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

import { ORDER_MESSAGES } from './order-page-messages';
import { type PageShape, ProofFirstPage, ProofFrame, type ProofPageImage } from './ProofFirstPage';

/** How much of the file each range request asks for: the first page of a large proof needs a few. */
const RANGE_CHUNK_BYTES = 256 * 1024;

interface ProofViewerProps {
  url: string;
  /** Names the pages for a screen reader: "Proof 2 of Mia's book". */
  title: string;
  /** The first page as an image, shown until pdf.js has drawn it. */
  firstPage?: ProofPageImage | null;
  /** Page 1's shape (its size, else its image's): held until pdf.js has drawn the page. */
  pageSize?: PageShape | null;
}

/**
 * The proof a page at a time, drawn by pdf.js to the width of the page (sharp on a phone's
 * screen). Loaded only on an order page with a proof; it reads the PDF by ranges, so the first
 * page shows without the whole file being downloaded first.
 */
export default function ProofViewer({ url, title, firstPage, pageSize }: ProofViewerProps) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const [failed, setFailed] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const [image, setImage] = useState<'loading' | 'shown' | 'failed'>('loading');
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | null = null;
    setDoc(null);
    setFailed(false);
    setPageNumber(1);
    void (async () => {
      try {
        const pdfjs = await import('pdfjs-dist');
        pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
        loaded = await pdfjs.getDocument({
          url,
          disableAutoFetch: true,
          disableStream: true,
          rangeChunkSize: RANGE_CHUNK_BYTES,
          isEvalSupported: false,
        }).promise;
        if (cancelled) void loaded.destroy();
        else setDoc(loaded);
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!doc || !canvas.current || !frame.current) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    setDrawn(false);
    void (async () => {
      try {
        const page = await doc.getPage(pageNumber);
        if (cancelled || !canvas.current || !frame.current) return;
        const width = frame.current.clientWidth || 320;
        const natural = page.getViewport({ scale: 1 });
        // Sharp on a phone's screen, but no more pixels than that: a 3x canvas of a painted page
        // takes a slow phone twice as long to draw as a 2x one, for no difference a parent can see.
        const ratio = Math.min(window.devicePixelRatio || 1, 2);
        const viewport = page.getViewport({ scale: (width / natural.width) * ratio });
        // Shown at the frame's width in the page's shape (the stylesheet), drawn at that width's pixels.
        canvas.current.width = Math.floor(viewport.width);
        canvas.current.height = Math.floor(viewport.height);
        task = page.render({ canvas: canvas.current, viewport });
        await task.promise;
        if (!cancelled) setDrawn(true);
      } catch (error) {
        if (!cancelled && (error as { name?: string }).name !== 'RenderingCancelledException') setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, pageNumber]);

  if (failed) return <p className="order-page__error">{ORDER_MESSAGES.proofLoadFailed}</p>;
  const pages = doc?.numPages ?? 0;
  // Page 1 as the shop drew it, until pdf.js has drawn it here: the swap changes no size.
  const showImage = Boolean(firstPage) && image !== 'failed' && pageNumber === 1 && !drawn;
  // Nothing shown in the frame yet: neither the first page's image nor the viewer's own drawing.
  const loading = !drawn && !(showImage && image === 'shown');
  return (
    <ProofFrame
      frameRef={frame}
      busy={loading}
      // Every page is fitted to the screen by page 1's shape: a book's pages share it.
      page={pageSize}
      hold={pageNumber === 1 && !drawn}
      nav={{
        pageNumber,
        pages,
        onPrevious: () => setPageNumber((n) => n - 1),
        onNext: () => setPageNumber((n) => n + 1),
      }}
    >
      {showImage && firstPage && (
        <ProofFirstPage
          image={firstPage}
          alt={pages ? `${title}, page 1 of ${pages}` : `${title}, page 1`}
          onSettled={(shown) => setImage(shown ? 'shown' : 'failed')}
        />
      )}
      <canvas
        ref={canvas}
        className="proof-viewer__page"
        role="img"
        aria-label={pages ? `${title}, page ${pageNumber} of ${pages}` : title}
        data-drawn={drawn ? 'true' : undefined}
        hidden={showImage}
      />
      {loading && <p className="proof-viewer__loading">{ORDER_MESSAGES.proofLoading}</p>}
    </ProofFrame>
  );
}
