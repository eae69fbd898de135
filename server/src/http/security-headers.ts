/**
 * Headers every answer carries (helmet): a Content-Security-Policy that allows only what the
 * shop loads, no sniffing, no framing, a modest referrer, and HSTS with `upgrade-insecure-requests`
 * when the shop is served over HTTPS (production with an https PUBLIC_URL). Inline scripts and
 * styles only by their hashes, which the build lists (the prerendered pages' loader and rules, and
 * the shell's early questions for the payment page).
 * What the policy allows depends on the configuration: Stripe.js and its frames only with Stripe,
 * Meta's pixel only with META_PIXEL_ID (the client still loads it only after consent), the sample
 * video's player always (it loads on click), and the bucket's address only on the admin portal's
 * pages, and only where it sends videos straight to it. /graphql (JSON, and Apollo Sandbox's page from Apollo's
 * CDN outside production) and /graphiql (the offline explorer: its editor injects styles and
 * starts workers) have policies of their own.
 */
import type { RequestHandler } from 'express';
import helmet, { contentSecurityPolicy } from 'helmet';

export interface CspSources {
  /** Stripe is configured: Stripe.js, its frames and its API. */
  stripe: boolean;
  /**
   * PayPal is configured, with its JS SDK at this origin: PayPal's script, frames, pop-ups and API
   * (and the SDK's own origin when a stand-in serves it); null or absent: no PayPal.
   */
  paypal?: string | null;
  /** META_PIXEL_ID is set: Meta's script and its beacons. */
  pixel: boolean;
  /** The bucket's origin, where the admin portal sends finished videos straight to storage; null or absent: none. */
  videoUploads?: string | null;
  /** The hashes (`sha256-…`) of the pages' inline scripts, from the build (client/dist/routes.json); absent: none. */
  inlineScripts?: string[];
  /** The same for the pages' inline styles (each prerendered page's rules from the stylesheet). */
  inlineStyles?: string[];
}

type Directives = Record<string, string[] | typeof contentSecurityPolicy.dangerouslyDisableDefaultSrc>;

const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://m.stripe.network'],
  connect: ['https://api.stripe.com'],
};
/** PayPal's buttons, with Venmo among them (https://developer.paypal.com/sdk/js/csp/). */
const PAYPAL = {
  script: ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com', 'https://*.venmo.com'],
  frame: ['https://www.paypal.com', 'https://*.paypal.com', 'https://www.sandbox.paypal.com', 'https://*.venmo.com'],
  connect: ['https://www.paypal.com', 'https://*.paypal.com', 'https://www.sandbox.paypal.com'],
  img: ['https://*.paypal.com', 'https://*.paypalobjects.com'],
};
const PIXEL = {
  script: ['https://connect.facebook.net'],
  img: ['https://www.facebook.com'],
  connect: ['https://www.facebook.com'],
};
/** Every page's fixed part: nothing embeds the shop, no plugins, no <base> or form posts elsewhere. */
const LOCKDOWN: Record<string, string[]> = {
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

const orNone = (sources: string[]) => (sources.length > 0 ? sources : ["'none'"]);

/** The storefront and admin portal (the built client). */
export function storefrontDirectives({
  stripe,
  paypal = null,
  pixel,
  videoUploads = null,
  inlineScripts = [],
  inlineStyles = [],
}: CspSources): Directives {
  const add = (on: boolean, sources: string[]) => (on ? sources : []);
  const sdk = paypal && !PAYPAL.script.includes(paypal) ? [paypal] : [];
  const paypalSources = (sources: string[]) => (paypal ? [...sources, ...sdk] : []);
  return {
    'default-src': ["'self'"],
    // An inline <script> only by its hash (the prerendered pages' loader of their code, the shell's early questions).
    'script-src': [
      "'self'",
      ...inlineScripts.map((hash) => `'${hash}'`),
      ...add(stripe, STRIPE.script),
      ...paypalSources(PAYPAL.script),
      ...add(pixel, PIXEL.script),
    ],
    // No event-handler attributes anywhere.
    'script-src-attr': ["'none'"],
    // Vite emits stylesheets; a prerendered page's own rules are inline, by their hash. React sets
    // `style` props through the DOM, which CSP allows.
    'style-src': ["'self'", ...inlineStyles.map((hash) => `'${hash}'`)],
    // The photo preview is an object URL; the cover preview a blob or data URL; the favicon a data URL.
    'img-src': ["'self'", 'data:', 'blob:', ...paypalSources(PAYPAL.img), ...add(pixel, PIXEL.img)],
    'font-src': ["'self'"],
    'connect-src': [
      "'self'",
      ...add(stripe, STRIPE.connect),
      ...paypalSources(PAYPAL.connect),
      ...add(pixel, PIXEL.connect),
      ...(videoUploads ? [videoUploads] : []),
    ],
    // Only the payment providers' frames; none without them (the sample video is the shop's own).
    'frame-src': orNone([...add(stripe, STRIPE.frame), ...paypalSources(PAYPAL.frame)]),
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    ...LOCKDOWN,
  };
}

/** GraphiQL: everything from the shop itself; its editor (monaco) injects styles and runs workers from blobs. */
export function graphiqlDirectives(): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'"],
    ...LOCKDOWN,
  };
}

/**
 * Whether the shop is served over HTTPS, from PUBLIC_URL: the operator's word for the address
 * parents reach it at, the same for every request. Not from the request (X-Forwarded-Proto),
 * which a client writes itself unless TRUST_PROXY names the proxy, and which would let one
 * answer's policy differ from the next. Outside production the shop is on http://localhost.
 */
export function servedOverHttps(config: { isProduction: boolean; publicUrl: string }): boolean {
  return config.isProduction && new URL(config.publicUrl).protocol === 'https:';
}

/**
 * `https`: the shop is served over HTTPS (see `servedOverHttps`). Only then may the browser be
 * told to fetch every asset over https and to remember the host as HTTPS-only: on a plain-http
 * shop both would leave the page without its scripts and styles.
 */
export function securityHeaders(https: boolean, sources: CspSources): RequestHandler {
  const withPolicy = (directives: Directives) =>
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: https ? { ...directives, 'upgrade-insecure-requests': [] } : directives,
      },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
      // Stripe opens some payment methods (3-D Secure, wallets) in pop-ups that talk back to the page.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    });
  // Only the admin portal sends to the bucket: a parent's page may not reach it. The portal is
  // entered by loading /admin, never by a link from the storefront, so its pages carry the policy.
  const admin = withPolicy(storefrontDirectives(sources));
  const storefront = withPolicy(storefrontDirectives({ ...sources, videoUploads: null }));
  const graphiql = withPolicy(graphiqlDirectives());
  // /graphql answers JSON; outside production its GET is Apollo Sandbox's page, which loads
  // Apollo's scripts, styles and frames: it keeps only the lock-down part.
  const graphql = withPolicy({ 'default-src': contentSecurityPolicy.dangerouslyDisableDefaultSrc, ...LOCKDOWN });
  return (req, res, next) => {
    if (req.path === '/graphql') return graphql(req, res, next);
    if (req.path === '/graphiql' || req.path.startsWith('/graphiql/')) return graphiql(req, res, next);
    // In any letter case: the portal's routes and pages answer to /Admin/queue as to /admin/queue.
    if (/^\/admin(\/|$)/i.test(req.path)) return admin(req, res, next);
    return storefront(req, res, next);
  };
}
