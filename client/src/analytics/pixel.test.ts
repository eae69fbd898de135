import { CONSENT_KEY, onConsentChange, readConsent, saveConsent } from './consent';
import { isPixelActive, PIXEL_SCRIPT_URL, startPixel, trackInitiateCheckout, trackPageView, trackPurchase } from './pixel';

const pixelScripts = () => document.querySelectorAll(`script[src="${PIXEL_SCRIPT_URL}"]`);
const queued = () => window.fbq?.queue.map((args) => Array.from(args as unknown[])) ?? [];

beforeEach(() => {
  // A fresh page: no pixel on it yet.
  delete window.fbq;
  delete window._fbq;
  document.head.innerHTML = '';
  localStorage.clear();
});

describe('the advertising pixel', () => {
  it('loads nothing and sends nothing until it is started', () => {
    trackInitiateCheckout({ value: 25, currency: 'USD', contentIds: ['digital'], orderId: 'o1' });
    trackPurchase({ value: 25, currency: 'USD', contentIds: ['digital'], transactionId: 'o1' });
    trackPageView();
    expect(isPixelActive()).toBe(false);
    expect(window.fbq).toBeUndefined();
    expect(pixelScripts()).toHaveLength(0);
  });

  it('adds the script once, initialises the pixel and counts the page view', () => {
    startPixel(' 1234567890 ');
    startPixel('1234567890');
    expect(pixelScripts()).toHaveLength(1);
    expect(queued()).toEqual([
      ['init', '1234567890'],
      ['track', 'PageView'],
    ]);
  });

  it('ignores an empty pixel id', () => {
    startPixel('  ');
    expect(isPixelActive()).toBe(false);
    expect(pixelScripts()).toHaveLength(0);
  });

  it('sends InitiateCheckout and Purchase with value, currency, content ids and the order id', () => {
    startPixel('42');
    trackInitiateCheckout({ value: 50, currency: 'USD', contentIds: ['printed'], orderId: 'order-9' });
    trackPurchase({ value: 50, currency: 'USD', contentIds: ['printed'], transactionId: 'order-9' });
    expect(queued().slice(2)).toEqual([
      [
        'track',
        'InitiateCheckout',
        { value: 50, currency: 'USD', content_ids: ['printed'], content_type: 'product', num_items: 1 },
        { eventID: 'checkout-order-9' },
      ],
      [
        'track',
        'Purchase',
        { value: 50, currency: 'USD', content_ids: ['printed'], content_type: 'product', num_items: 1, order_id: 'order-9' },
        { eventID: 'purchase-order-9' },
      ],
    ]);
  });

  it('hands calls to the real script once it has loaded', () => {
    startPixel('42');
    const calls: unknown[][] = [];
    window.fbq!.callMethod = (...args: unknown[]) => calls.push(args);
    trackPageView();
    expect(calls).toEqual([['track', 'PageView']]);
  });
});

describe('the consent choice', () => {
  it('is remembered in localStorage and announced to listeners', () => {
    expect(readConsent()).toBeNull();
    const heard: string[] = [];
    const stop = onConsentChange((choice) => heard.push(choice));
    saveConsent('declined');
    expect(localStorage.getItem(CONSENT_KEY)).toBe('declined');
    expect(readConsent()).toBe('declined');
    stop();
    saveConsent('accepted');
    expect(heard).toEqual(['declined']);
    expect(readConsent()).toBe('accepted');
  });

  it('reads anything else as not chosen yet', () => {
    localStorage.setItem(CONSENT_KEY, 'maybe');
    expect(readConsent()).toBeNull();
  });
});
