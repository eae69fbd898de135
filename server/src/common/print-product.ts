/**
 * What a print partner's product code says about the files it prints: Lulu's pod_package_id
 * ("Trim Size + Color + Print Quality + Bind + Paper + PPI + Finish + Linen + Foil", 27
 * characters such as `0850X0850FCPRECW080CW444GXX`, or the same parts separated by dots) gives
 * the trim size in hundredths of an inch and the binding. An interior page is the trim size with
 * 0.125 in of bleed on every side; each binding has its own page-count limits.
 */
export const POINTS_PER_INCH = 72;
/** Lulu's bleed on every edge of a full-bleed interior page. */
export const BLEED_INCHES = 0.125;
/** How far a page's size may be from the product's and still be taken (PDF tools round). */
export const SIZE_TOLERANCE_PT = 1.5;

/** Interior page counts each Lulu binding takes (Lulu's product specification sheet). */
const PAGE_LIMITS: Record<string, { min: number; max: number }> = {
  CW: { min: 24, max: 800 },
  LW: { min: 24, max: 800 },
  PB: { min: 32, max: 800 },
  CO: { min: 2, max: 470 },
  SS: { min: 4, max: 48 },
  WO: { min: 2, max: 470 },
};

const BINDING_NAMES: Record<string, string> = {
  CW: 'case-wrap hardcover',
  LW: 'linen-wrap hardcover',
  PB: 'paperback',
  CO: 'coil-bound',
  SS: 'saddle-stitched',
  WO: 'wire-o',
};

export interface PrintProduct {
  podPackageId: string;
  trimWidthIn: number;
  trimHeightIn: number;
  binding: string;
  bindingName: string;
  minPages: number;
  maxPages: number;
  /** An interior page with its bleed, in PDF points. */
  pageWidthPt: number;
  pageHeightPt: number;
}

const LEGACY = /^(\d{4})X(\d{4})([A-Z]{2})([A-Z]{3})([A-Z]{2})(\d{3}[A-Z]{2}\d{3})([A-Z]{3})$/;
const DOTTED = /^(\d{4})X(\d{4})\.([A-Z]{2})\.([A-Z]{3})\.([A-Z]{2})\.(\d{3}[A-Z]{2}\d{3})\.([A-Z]{3})$/;

/** The product a pod_package_id names, or null when it is not one (or its binding is unknown). */
export function parsePodPackageId(podPackageId: string): PrintProduct | null {
  const match = LEGACY.exec(podPackageId) ?? DOTTED.exec(podPackageId);
  if (!match) return null;
  const [, width, height, , , binding] = match;
  const limits = PAGE_LIMITS[binding];
  if (!limits) return null;
  const trimWidthIn = Number(width) / 100;
  const trimHeightIn = Number(height) / 100;
  return {
    podPackageId,
    trimWidthIn,
    trimHeightIn,
    binding,
    bindingName: BINDING_NAMES[binding],
    minPages: limits.min,
    maxPages: limits.max,
    pageWidthPt: (trimWidthIn + 2 * BLEED_INCHES) * POINTS_PER_INCH,
    pageHeightPt: (trimHeightIn + 2 * BLEED_INCHES) * POINTS_PER_INCH,
  };
}

export const KNOWN_BINDINGS = Object.keys(PAGE_LIMITS);

/** Whether a page of `width` x `height` points is `wantWidth` x `wantHeight`, within the tolerance. */
export function sameSize(width: number, height: number, wantWidth: number, wantHeight: number): boolean {
  return Math.abs(width - wantWidth) <= SIZE_TOLERANCE_PT && Math.abs(height - wantHeight) <= SIZE_TOLERANCE_PT;
}

/** Points as inches for a message: 630 -> "8.75". */
export function inches(points: number): string {
  return (points / POINTS_PER_INCH).toFixed(2).replace(/\.?0+$/, '');
}
