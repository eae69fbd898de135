import { randomBytes } from 'node:crypto';
import { degrees, PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { FirstPageError, pdfFirstPage, pdfPageSize, type PdfSource } from './pdf-first-page';

/** A PDF whose first page (400 x 600 points) is red in its top half and white below. */
async function redTopPdf(extraPages: Buffer[] = []): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const first = doc.addPage([400, 600]);
  first.drawRectangle({ x: 0, y: 300, width: 400, height: 300, color: rgb(1, 0, 0) });
  for (const jpeg of extraPages) {
    const image = await doc.embedJpg(jpeg);
    doc.addPage([400, 600]).drawImage(image, { x: 0, y: 0, width: 400, height: 600 });
  }
  return Buffer.from(await doc.save());
}

/** A JPEG of noise: it compresses as badly as a painted page. */
const noiseJpeg = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();

/** Reads from memory, and counts what was read. */
function inMemory(pdf: Buffer) {
  const reads: Array<[number, number]> = [];
  const source: PdfSource = {
    size: pdf.length,
    read: async (start, end) => {
      reads.push([start, end]);
      return pdf.subarray(start, end);
    },
  };
  return { source, bytesRead: () => reads.reduce((sum, [start, end]) => sum + (end - start), 0) };
}

async function pixelAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at], data[at + 1], data[at + 2]];
}

describe('pdfFirstPage', () => {
  it("draws the first page as a JPEG of the asked width and the page's shape", async () => {
    const drawn = await pdfFirstPage(inMemory(await redTopPdf()).source, { width: 200 });
    expect(drawn).toMatchObject({ width: 200, height: 300 });
    const meta = await sharp(drawn.image).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
    const [r, g, b] = await pixelAt(drawn.image, 100, 60);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(60);
    expect(b).toBeLessThan(60);
    expect(Math.min(...(await pixelAt(drawn.image, 100, 240)))).toBeGreaterThan(240);
  });

  it('reads only the ranges the first page needs, not the pages after it', async () => {
    const pages = await Promise.all([1, 2, 3, 4, 5, 6].map(() => noiseJpeg(700)));
    const pdf = await redTopPdf(pages);
    const { source, bytesRead } = inMemory(pdf);
    await pdfFirstPage(source, { width: 100 });
    expect(pdf.length).toBeGreaterThan(2_000_000);
    expect(bytesRead()).toBeLessThan(pdf.length / 3);
  });

  it('gives up on a file pdf.js cannot read, as one that trying again would not mend', async () => {
    const notPdf = Buffer.from('%PDF-1.7\nthis is not a PDF at all\n');
    await expect(pdfFirstPage(inMemory(notPdf).source)).rejects.toBeInstanceOf(FirstPageError);
  });

  it('gives up on a page that takes longer than its time, as one that trying again would not mend', async () => {
    const { source, bytesRead } = inMemory(await redTopPdf());
    // Over before pdf.js has even asked for a byte: the time went to the drawing, not to the store.
    const outcome = pdfFirstPage(source, { timeoutMs: 1 });
    await expect(outcome).rejects.toThrow(/took over 1 ms/);
    await expect(outcome).rejects.toBeInstanceOf(FirstPageError);
    expect(bytesRead()).toBe(0);
  });

  it('answers that the store was slow when the time went mostly to waiting on reads, so the caller may try again', async () => {
    const pdf = await redTopPdf();
    // A store that never answers: pdf.js asks for its first bytes well within the first half.
    const hung: PdfSource = { size: pdf.length, read: () => new Promise<Buffer>(() => undefined) };
    const outcome = pdfFirstPage(hung, { timeoutMs: 3000 });
    await expect(outcome).rejects.toThrow(/^storage took \d+ of the 3000 ms answering reads of the PDF$/);
    await expect(outcome).rejects.not.toBeInstanceOf(FirstPageError);
  });

  it("answers storage's own error when a read fails, so the caller may try again", async () => {
    const pdf = await redTopPdf();
    const failing: PdfSource = {
      size: pdf.length,
      read: () => Promise.reject(new Error('connection reset')),
    };
    const outcome = pdfFirstPage(failing);
    await expect(outcome).rejects.toThrow('connection reset');
    await expect(outcome).rejects.not.toBeInstanceOf(FirstPageError);
  });

  it('stops drawing when its signal is aborted (the shop shuts down), with the reason, as nothing wrong with the PDF', async () => {
    const pdf = await redTopPdf();
    let asked!: () => void;
    const reading = new Promise<void>((resolve) => (asked = resolve));
    const hung: PdfSource = {
      size: pdf.length,
      read: () => {
        asked();
        return new Promise<Buffer>(() => undefined);
      },
    };
    const shutdown = new AbortController();
    const outcome = pdfFirstPage(hung, { timeoutMs: 60_000, signal: shutdown.signal });
    await reading;
    const reason = new Error('the shop is shutting down');
    shutdown.abort(reason);
    await expect(outcome).rejects.toBe(reason);
    await expect(pdfFirstPage(inMemory(pdf).source, { signal: shutdown.signal })).rejects.toBe(reason);
  });
});

describe('pdfPageSize', () => {
  it("answers the first page's size in points, and reads less of the file than drawing it does", async () => {
    const pages = await Promise.all([1, 2, 3, 4, 5, 6].map(() => noiseJpeg(700)));
    const pdf = await redTopPdf(pages);
    const measured = inMemory(pdf);
    expect(await pdfPageSize(measured.source)).toEqual({ width: 400, height: 600 });
    const drawn = inMemory(pdf);
    await pdfFirstPage(drawn.source, { width: 100 });
    expect(measured.bytesRead()).toBeLessThanOrEqual(drawn.bytesRead());
    expect(measured.bytesRead()).toBeLessThan(pdf.length / 3);
  });

  it('measures a page turned a quarter as it is shown: on its side', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([400, 600]).setRotation(degrees(90));
    expect(await pdfPageSize(inMemory(Buffer.from(await doc.save())).source)).toEqual({ width: 600, height: 400 });
  });

  it('measures a page too tall to draw, since nothing is drawn', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([100, 1000]);
    const source = inMemory(Buffer.from(await doc.save())).source;
    await expect(pdfFirstPage(source)).rejects.toThrow(/too tall to draw/);
    expect(await pdfPageSize(source)).toEqual({ width: 100, height: 1000 });
  });

  it('gives up on a file pdf.js cannot read, and on a reading past its time, as ones that trying again would not mend', async () => {
    const notPdf = Buffer.from('%PDF-1.7\nthis is not a PDF at all\n');
    await expect(pdfPageSize(inMemory(notPdf).source)).rejects.toBeInstanceOf(FirstPageError);
    const outcome = pdfPageSize(inMemory(await redTopPdf()).source, { timeoutMs: 1 });
    await expect(outcome).rejects.toThrow(/took over 1 ms to read/);
    await expect(outcome).rejects.toBeInstanceOf(FirstPageError);
  });
});
