/**
 * The advertising pixel (Meta). Nothing is loaded and every event is a no-op until
 * startPixel() runs, which only the consent banner calls: with a configured pixel id and
 * after the visitor chose Accept. No personal data (name, e-mail, address) is ever sent.
 */

export const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';

type FbqArgs = unknown[];

interface Fbq {
  (...args: FbqArgs): void;
  callMethod?: (...args: FbqArgs) => void;
  queue: FbqArgs[];
  push: Fbq;
  loaded: boolean;
  version: string;
  /** Set before the script loads: it then leaves counting history changes to us. */
  disablePushState?: boolean;
}

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

/**
 * The fbq this module initialised. The page holds the pixel's state: the pixel counts as started
 * while window.fbq is that one, so an fbq some other script put on the page sends nothing from here.
 */
const started = new WeakSet<Fbq>();

/**
 * Meta's standard snippet, written out: a queueing fbq() stand-in, then the script itself,
 * which replays the queue once it arrives. Calls made before it loads are not lost.
 */
function installSnippet(): Fbq {
  if (window.fbq) return window.fbq;
  const fbq = function (...args: FbqArgs) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  } as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  // Meta's script counts history changes by itself; we count pages ourselves, and skip private ones.
  fbq.disablePushState = true;
  window.fbq = fbq;
  window._fbq ??= fbq;

  const script = document.createElement('script');
  script.async = true;
  script.src = PIXEL_SCRIPT_URL;
  document.head.appendChild(script);
  return fbq;
}

/** Loads the pixel and counts this page view. Call only with consent; later calls do nothing. */
export function startPixel(pixelId: string): void {
  const id = pixelId.trim();
  if (isPixelActive() || !id) return;
  const fbq = installSnippet();
  started.add(fbq);
  fbq('init', id);
  fbq('track', 'PageView');
}

/** The page's fbq once this module started it; undefined before. */
function startedFbq(): Fbq | undefined {
  const fbq = window.fbq;
  return fbq && started.has(fbq) ? fbq : undefined;
}

export function isPixelActive(): boolean {
  return startedFbq() !== undefined;
}

function track(event: string, params: Record<string, unknown>, eventId?: string): void {
  const fbq = startedFbq();
  if (!fbq) return;
  // The event id lets Meta drop a duplicate of the same checkout or purchase.
  if (eventId) fbq('track', event, params, { eventID: eventId });
  else fbq('track', event, params);
}

/** Another page of the single-page app was shown. */
export function trackPageView(): void {
  startedFbq()?.('track', 'PageView');
}

export interface CheckoutEvent {
  /** In dollars, e.g. 25. */
  value: number;
  currency: string;
  /** The book formats ordered, e.g. ['digital']. */
  contentIds: string[];
  orderId: string;
}

/** The order was created and the parent is on the way to pay. */
export function trackInitiateCheckout({ value, currency, contentIds, orderId }: CheckoutEvent): void {
  track(
    'InitiateCheckout',
    { value, currency, content_ids: contentIds, content_type: 'product', num_items: contentIds.length },
    `checkout-${orderId}`,
  );
}

export interface PurchaseEvent {
  /** In dollars, e.g. 25. */
  value: number;
  currency: string;
  contentIds: string[];
  /** Our order id: the transaction id of the purchase. */
  transactionId: string;
}

/** The payment was recorded. */
export function trackPurchase({ value, currency, contentIds, transactionId }: PurchaseEvent): void {
  track(
    'Purchase',
    {
      value,
      currency,
      content_ids: contentIds,
      content_type: 'product',
      num_items: contentIds.length,
      order_id: transactionId,
    },
    `purchase-${transactionId}`,
  );
}
