/**
 * The carriers a printed book ships with, and the public tracking page of each. The admin picks
 * one of the usual US and Canadian carriers or types another name; for another carrier the
 * parent gets the plain tracking number, since we do not know where it can be looked up.
 */

export const KNOWN_CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL', 'Canada Post', 'Purolator'] as const;
export type KnownCarrier = (typeof KNOWN_CARRIERS)[number];

/** Bounds of what the admin may enter; the columns are varchar(32) and varchar(64). */
export const CARRIER_MAX_CHARS = 32;
export const TRACKING_NUMBER_MAX_CHARS = 64;
/** Letters and digits, with single spaces or dashes between them, as carriers print them. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$/;

const TRACKING_PAGES: Record<KnownCarrier, (number: string) => string> = {
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  UPS: (n) => `https://www.ups.com/track?loc=en_US&tracknum=${n}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  DHL: (n) => `https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
  'Canada Post': (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`,
  Purolator: (n) => `https://www.purolator.com/en/shipping/tracker?pins=${n}`,
};

/** The known carrier this name means ("fedex", " Canada post "), or null for any other carrier. */
export function knownCarrier(name: string): KnownCarrier | null {
  const wanted = name.trim().toLowerCase().replace(/\s+/g, ' ');
  return KNOWN_CARRIERS.find((carrier) => carrier.toLowerCase() === wanted) ?? null;
}

/** The number as carriers' sites take it: no spaces or dashes. */
export function compactTrackingNumber(trackingNumber: string): string {
  return trackingNumber.replace(/[\s-]/g, '');
}

/** The public tracking page for a shipment, or null when the carrier is not one we know. */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  const known = knownCarrier(carrier);
  if (!known) return null;
  const number = compactTrackingNumber(trackingNumber);
  if (!/^[A-Za-z0-9]+$/.test(number)) return null;
  return TRACKING_PAGES[known](encodeURIComponent(number));
}
