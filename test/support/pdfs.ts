/** Storybook PDFs for the delivery tests: a small valid one-page PDF, and one of any size built on its head. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const REAL_PDF = readFileSync(path.join(__dirname, '..', 'e2e', 'fixtures', 'storybook.pdf'));

/** Starts like a PDF and is `size` bytes in all: for the size cap. */
export function pdfOfSize(size: number): Buffer {
  const file = Buffer.alloc(size, 0x20);
  REAL_PDF.copy(file, 0, 0, Math.min(REAL_PDF.length, size));
  return file;
}
