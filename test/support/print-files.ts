/** Print files for the print partner's tests: an interior of any page count and size, a cover of any size. */
import { PDFDocument } from 'pdf-lib';

/** A file for a multipart request, as GraphQLClient.upload takes it. */
export interface PrintUpload {
  name: string;
  type: string;
  data: Buffer;
}

/** The product the tests print: 8.5 x 8.5 in full-colour premium case-wrap hardcover (24 to 800 pages). */
export const POD_PACKAGE_ID = '0850X0850FCPRECW080CW444GXX';
/** Its interior page with 0.125 in bleed on every side: 8.75 in. */
export const PAGE_PT = 630;

export async function pdfWithPages(count: number, width: number, height: number = width): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let index = 0; index < count; index += 1) document.addPage([width, height]);
  return Buffer.from(await document.save());
}

/** The cover the fake Lulu's /cover-dimensions/ asks for an interior of `pages` (case wrap, 444 ppi). */
export function coverPt(pages: number): { width: number; height: number } {
  const spine = pages / 444 + 0.06;
  return { width: (2 * 8.5 + spine + 1.5) * 72, height: (8.5 + 1.5) * 72 };
}

export const pdfUpload = (name: string, data: Buffer): PrintUpload => ({ name, type: 'application/pdf', data });

/** A good interior of `pages` pages and its matching cover, as uploads. */
export async function printFiles(pages = 24): Promise<{ interior: PrintUpload; cover: PrintUpload }> {
  const cover = coverPt(pages);
  return {
    interior: pdfUpload('interior.pdf', await pdfWithPages(pages, PAGE_PT)),
    cover: pdfUpload('cover.pdf', await pdfWithPages(1, cover.width, cover.height)),
  };
}
