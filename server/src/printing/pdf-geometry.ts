/**
 * A print file's pages as the printer sees them: how many, and each one's size (its crop box,
 * which is the media box unless the file narrows it, in points). Read from the whole file in
 * memory; print files are capped (PDF_MAX_BYTES) before they get here.
 */

export interface PdfPages {
  count: number;
  /** Width and height of each page in points, upright (a page rotated 90 degrees is measured as shown). */
  sizes: Array<{ width: number; height: number }>;
}

/** The file's pages, or null when it cannot be read as a PDF (damaged, without pages, or encrypted). */
export async function readPdfPages(bytes: Uint8Array): Promise<PdfPages | null> {
  // pdf-lib is loaded with the first print file, not at every start of the shop.
  const { PDFDocument } = await import('pdf-lib');
  try {
    const document = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
    const sizes = document.getPages().map((page) => {
      const box = page.getCropBox();
      const rotated = Math.abs(page.getRotation().angle) % 180 === 90;
      return rotated ? { width: box.height, height: box.width } : { width: box.width, height: box.height };
    });
    return sizes.length > 0 ? { count: sizes.length, sizes } : null;
  } catch {
    return null;
  }
}
