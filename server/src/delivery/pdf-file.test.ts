import { Readable } from 'node:stream';
import { UserFacingError } from '../common/user-error';
import { isPdf, openPdf, PDF_TYPE_MESSAGE, PdfTooLargeError } from './pdf-file';

const streamOf = (...chunks: Buffer[]) => Readable.from(chunks, { objectMode: false });

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

describe('isPdf', () => {
  it('knows a PDF by its first bytes', () => {
    expect(isPdf(PDF)).toBe(true);
    expect(isPdf(Buffer.from('%PDF'))).toBe(false);
    expect(isPdf(Buffer.from(' %PDF-1.4'))).toBe(false);
    expect(isPdf(Buffer.from('GIF89a...'))).toBe(false);
  });
});

describe('openPdf', () => {
  it('passes the whole file on, however it is chunked', async () => {
    const opened = await openPdf(streamOf(PDF.subarray(0, 2), PDF.subarray(2, 9), PDF.subarray(9)), 1024);
    expect((await readAll(opened.body)).equals(PDF)).toBe(true);
    expect(opened.bytesRead()).toBe(PDF.length);
  });

  it('refuses a file that is not a PDF, whatever it is called', async () => {
    await expect(openPdf(streamOf(Buffer.from('<html>not a book</html>')), 1024)).rejects.toMatchObject({
      message: PDF_TYPE_MESSAGE,
      field: 'storybookPdf',
    });
    await expect(openPdf(streamOf(Buffer.alloc(0)), 1024)).rejects.toBeInstanceOf(UserFacingError);
  });

  it('stops a file one byte past the cap, naming the limit', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(2048 - PDF.length + 1, 0x20)]);
    const opened = await openPdf(streamOf(big.subarray(0, 1000), big.subarray(1000)), 2048);
    await expect(readAll(opened.body)).rejects.toBeInstanceOf(PdfTooLargeError);
    // Past the cap in its very first chunk: refused before a stream is even handed back.
    await expect(openPdf(streamOf(big), 2048)).rejects.toThrow('The PDF is too large: the limit is 2 KB.');
  });
});
