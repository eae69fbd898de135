/**
 * A PDF's first page as a JPEG image: what a phone can show the moment the order page opens,
 * long before pdf.js has loaded in the browser and read enough of a 20 MB proof to draw it.
 * pdf.js draws it in a worker thread of its own (pdf-first-page.worker.mts), reading only the
 * ranges of the file it needs, with a time and memory limit, so a heavy page neither stalls the
 * shop nor takes it down; sharp encodes the pixels (mozjpeg, progressive: on a slow line the
 * page shows blurred first, then sharpens; a painted page at this size is some 60-170 KB). The
 * heap limit covers pdf.js's own objects; the page's canvas and decoded images live outside it,
 * so the worker also refuses a page taller than four widths and leaves out images over 64
 * million pixels.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import type { FirstPageRequest, FromWorker, ToWorker } from './pdf-first-page.worker.mjs';
import { readLimited } from './read-limited';
import type { Storage } from './storage';

/** The PDF to draw: its size, and a reader of bytes `start` to `end` (exclusive). */
export interface PdfSource {
  size: number;
  read(start: number, end: number): Promise<Buffer>;
}

/** A stored PDF as a PdfSource: bytes `start` to `end` (exclusive) read from storage as they are asked for. */
export function storedPdf(storage: Storage, key: string, size: number): PdfSource {
  return {
    size,
    read: async (start, end) => {
      const object = await storage.get(key, { start, end: end - 1 });
      if (!object) throw new Error(`${key} is gone`);
      return readLimited(object.stream, end - start);
    },
  };
}

export interface FirstPageImage {
  image: Buffer;
  width: number;
  height: number;
}

export interface FirstPageOptions {
  /** The image's width in pixels. */
  width?: number;
  /** How long the drawing may take, reads included, before it is given up. */
  timeoutMs?: number;
  /** The worker's heap; a page's decoded images live outside it, in buffers. */
  maxHeapMb?: number;
  /** Ends the drawing (the shop is shutting down): the worker is stopped and the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Wide enough for the page on a desktop and near enough on a phone for the moment it is shown:
 * the viewer draws the page sharp in its place once pdf.js has loaded. Wider costs a slow line
 * seconds (an 800-pixel page is twice the bytes).
 */
export const FIRST_PAGE_WIDTH = 640;
const TIMEOUT_MS = 60_000;
/** Reading a page's size takes a few reads of the file; a proof whose size takes longer is sent without it. */
const MEASURE_TIMEOUT_MS = 5_000;
/** The tallest page drawn, in widths: a page drawn taller would be a canvas of gigabytes, not a book's page. */
const MAX_PAGE_HEIGHT_IN_WIDTHS = 4;
const MAX_HEAP_MB = 512;
const CHUNK_BYTES = 256 * 1024;
const JPEG_QUALITY = 70;

/** The PDF cannot be drawn (broken, or too heavy for the limits): trying again would not help. */
export class FirstPageError extends Error {}

/** From `dist` the compiled `.mjs`; from the sources (the tests), the `.mts` itself. */
function workerFile(): string {
  const compiled = path.join(__dirname, 'pdf-first-page.worker.mjs');
  return existsSync(compiled) ? compiled : path.join(__dirname, 'pdf-first-page.worker.mts');
}

function pdfjsFiles(): Pick<FirstPageRequest, 'pdfjsPath' | 'standardFontsDir' | 'cMapsDir' | 'iccsDir' | 'wasmDir'> {
  const pdfjsPath = require.resolve('pdfjs-dist/legacy/build/pdf.mjs');
  const root = path.resolve(path.dirname(pdfjsPath), '..', '..');
  const folder = (name: string) => `${path.join(root, name)}${path.sep}`;
  return {
    pdfjsPath,
    standardFontsDir: folder('standard_fonts'),
    cMapsDir: folder('cmaps'),
    iccsDir: folder('iccs'),
    wasmDir: folder('wasm'),
  };
}

type Drawn = Extract<FromWorker, { drawn: unknown }>['drawn'];
/** A page's size in PDF points, upright (a page rotated 90 degrees is measured as shown). */
export type PageSize = Extract<FromWorker, { measured: unknown }>['measured'];

/** Whether a page of `size` is one the first page's drawing takes: a book's page, not a strip too tall to draw. */
export function drawablePage(size: PageSize): boolean {
  return size.width > 0 && size.height <= size.width * MAX_PAGE_HEIGHT_IN_WIDTHS;
}

type WorkerLimits = [timeoutMs: number, maxHeapMb: number, signal: AbortSignal | undefined];

/** Runs the worker on `source`: the page's size when that is all `task` asks for, else its pixels. */
function inWorker(source: PdfSource, task: { width: 0; measureOnly: true }, ...limits: WorkerLimits): Promise<PageSize>;
function inWorker(source: PdfSource, task: { width: number; measureOnly?: false }, ...limits: WorkerLimits): Promise<Drawn>;
function inWorker(
  source: PdfSource,
  task: { width: number; measureOnly?: boolean },
  timeoutMs: number,
  maxHeapMb: number,
  signal: AbortSignal | undefined,
): Promise<Drawn | PageSize> {
  const request: FirstPageRequest = {
    size: source.size,
    ...task,
    maxHeightInWidths: MAX_PAGE_HEIGHT_IN_WIDTHS,
    chunkBytes: CHUNK_BYTES,
    ...pdfjsFiles(),
  };
  const doing = task.measureOnly ? 'to read' : 'to draw';
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const worker = new Worker(workerFile(), { workerData: request, resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', stopped);
      void worker.terminate();
      outcome();
    };
    // Not the PDF's fault: it is drawn again by whoever runs the job next.
    const stopped = () => finish(() => reject(signal?.reason as Error));
    signal?.addEventListener('abort', stopped, { once: true });
    const fail = (why: string) => finish(() => reject(new FirstPageError(why)));
    // How long the drawing has waited on the store (time with a read of the PDF unanswered): when
    // the limit is reached having spent half of it so, it is the store's doing, not the PDF's.
    let reading = 0;
    let waitingSince = 0;
    let waitedMs = 0;
    const waited = () => waitedMs + (reading > 0 ? performance.now() - waitingSince : 0);
    const timer = setTimeout(() => {
      const storeMs = Math.round(waited());
      if (storeMs >= timeoutMs / 2) {
        // Not the PDF's fault either: the caller may try again.
        finish(() => reject(new Error(`storage took ${storeMs} of the ${timeoutMs} ms answering reads of the PDF`)));
      } else {
        fail(`the first page took over ${timeoutMs} ms ${doing}`);
      }
    }, timeoutMs);
    const answered = () => {
      reading--;
      if (reading === 0) waitedMs += performance.now() - waitingSince;
    };
    worker.on('message', (message: FromWorker) => {
      // The drawing is over (drawn, failed or out of time): nothing more is read for it.
      if (settled) return;
      if ('range' in message) {
        const { begin, end } = message.range;
        if (reading++ === 0) waitingSince = performance.now();
        source.read(begin, Math.min(end, source.size)).then(
          (bytes) => {
            answered();
            if (settled) return;
            const data = new Uint8Array(bytes);
            worker.postMessage({ begin, data } satisfies ToWorker, [data.buffer]);
          },
          // Not the PDF's fault: the caller may try again.
          (error: unknown) => {
            answered();
            finish(() => reject(error as Error));
          },
        );
      } else if ('measured' in message) {
        finish(() => resolve(message.measured));
      } else if ('drawn' in message) {
        finish(() => resolve(message.drawn));
      } else {
        fail(`the PDF could not be drawn: ${message.failed}`);
      }
    });
    worker.once('error', (error) => fail(`the PDF could not be drawn: ${error.message}`));
    worker.once('exit', (code) => fail(`the drawing stopped (exit code ${code})`));
  });
}

/** Draws `source`'s first page and encodes it as a JPEG `width` pixels wide. */
export async function pdfFirstPage(source: PdfSource, options: FirstPageOptions = {}): Promise<FirstPageImage> {
  const drawn = await inWorker(
    source,
    { width: options.width ?? FIRST_PAGE_WIDTH },
    options.timeoutMs ?? TIMEOUT_MS,
    options.maxHeapMb ?? MAX_HEAP_MB,
    options.signal,
  );
  const image = await sharp(drawn.pixels, { raw: { width: drawn.width, height: drawn.height, channels: 4 } })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
  return { image, width: drawn.width, height: drawn.height };
}

/**
 * How wide and tall `source`'s first page is, read by pdf.js as the drawing reads it (the
 * cross-reference table and the page's own objects, by ranges), without drawing it: a few reads
 * and a fraction of a second, where drawing a painted page may take many. Rejects as the drawing
 * does: FirstPageError when the PDF cannot be read in `timeoutMs`, storage's error or a slow store
 * as such, the signal's reason when it is aborted.
 */
export async function pdfPageSize(source: PdfSource, options: Omit<FirstPageOptions, 'width'> = {}): Promise<PageSize> {
  return inWorker(
    source,
    { width: 0, measureOnly: true },
    options.timeoutMs ?? MEASURE_TIMEOUT_MS,
    options.maxHeapMb ?? MAX_HEAP_MB,
    options.signal,
  );
}
