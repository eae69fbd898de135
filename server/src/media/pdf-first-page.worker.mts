/**
 * Draws the first page of a PDF with pdf.js, off the shop's main thread (pdf-first-page.ts
 * starts it): parsing a large proof and decoding its page image takes a busy second that would
 * otherwise stall every request. pdf.js asks for the byte ranges it needs (the cross-reference
 * table, the first page's objects), which the caller reads from storage, so a 200 MB proof is
 * never held whole. Answers the page's pixels (RGBA, `width` wide), which the caller encodes; or
 * only the page's size, when that is what it asked for.
 *
 * An ES module of its own, so it loads without the shop's compiled code: from `dist` as `.mjs`,
 * and from the sources (the tests) as `.mts`, which Node strips of its types.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type * as Pdfjs from 'pdfjs-dist';

export interface FirstPageRequest {
  /** The PDF's size in bytes. */
  size: number;
  /** The width to draw the page at, in pixels; its height follows the page's shape. */
  width: number;
  /** Only the page's size is wanted (`measured`): nothing is drawn. */
  measureOnly?: boolean;
  /** The tallest page drawn, in widths (MAX_PAGE_HEIGHT_IN_WIDTHS). */
  maxHeightInWidths: number;
  /** How many bytes pdf.js asks for at a time. */
  chunkBytes: number;
  /** pdf.js's Node build and its data folders (fonts, CMaps, ICC profiles, image decoders), resolved by the caller. */
  pdfjsPath: string;
  standardFontsDir: string;
  cMapsDir: string;
  iccsDir: string;
  wasmDir: string;
}

/** The largest image in the PDF decoded, in pixels (a spread at 600 dpi is some 30 million); larger ones are left out. */
const MAX_IMAGE_PIXELS = 64_000_000;

/**
 * The worker's messages: a range of the file it needs (end exclusive), or its answer: the first
 * page's size in points, upright (`measureOnly`), its pixels, or why it failed.
 */
export type FromWorker =
  | { range: { begin: number; end: number } }
  | { measured: { width: number; height: number } }
  | { drawn: { width: number; height: number; pixels: Uint8Array } }
  | { failed: string };

/** The caller's answer to a range. */
export interface ToWorker {
  begin: number;
  data: Uint8Array;
}

interface CanvasAndContext {
  canvas: unknown;
  context: { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}

const port = parentPort!;
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

async function draw(request: FirstPageRequest): Promise<void> {
  const pdfjs = (await import(pathToFileURL(request.pdfjsPath).href)) as typeof Pdfjs;
  const transport = new pdfjs.PDFDataRangeTransport(request.size, null);
  transport.requestDataRange = (begin: number, end: number) => post({ range: { begin, end } });
  port.on('message', (message: ToWorker) => transport.onDataRange(message.begin, message.data));
  const doc = await pdfjs.getDocument({
    range: transport,
    length: request.size,
    rangeChunkSize: request.chunkBytes,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
    disableFontFace: true,
    standardFontDataUrl: request.standardFontsDir,
    cMapUrl: request.cMapsDir,
    iccUrl: request.iccsDir,
    wasmUrl: request.wasmDir,
    maxImageSize: MAX_IMAGE_PIXELS,
    verbosity: 0,
  }).promise;
  try {
    const page = await doc.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    if (request.measureOnly) {
      post({ measured: { width: natural.width, height: natural.height } });
      return;
    }
    if (natural.height > natural.width * request.maxHeightInWidths) {
      throw new Error(`the page is ${natural.width} x ${natural.height} points: too tall to draw`);
    }
    const viewport = page.getViewport({ scale: request.width / natural.width });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    const factory = (doc as unknown as { canvasFactory: { create(w: number, h: number): CanvasAndContext } }).canvasFactory;
    const { canvas, context } = factory.create(width, height);
    await page.render({ canvas: canvas as never, viewport }).promise;
    const { data } = context.getImageData(0, 0, width, height);
    // A copy of the canvas's memory, which is the canvas's own and cannot be handed over.
    const pixels = new Uint8Array(data);
    post({ drawn: { width, height, pixels } }, [pixels.buffer]);
  } finally {
    await doc.destroy();
  }
}

draw(workerData as FirstPageRequest).catch((error: unknown) =>
  post({ failed: error instanceof Error ? error.message : String(error) }),
);
