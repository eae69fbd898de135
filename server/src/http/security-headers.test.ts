import express from 'express';
import type { AddressInfo } from 'node:net';
import { type CspSources, securityHeaders, servedOverHttps } from './security-headers';

/** The headers securityHeaders sets on `path`, from a bare app that answers every GET. */
async function headersFor(https: boolean, sources: CspSources, path = '/'): Promise<Headers> {
  const app = express();
  app.use(securityHeaders(https, sources));
  app.get('/{*path}', (_req, res) => res.send('ok'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return (await fetch(`http://127.0.0.1:${port}${path}`)).headers;
  } finally {
    server.close();
  }
}

/** The policy as directive -> sources. */
function policy(headers: Headers): Record<string, string[]> {
  const header = headers.get('content-security-policy') ?? '';
  return Object.fromEntries(
    header
      .split(';')
      .filter(Boolean)
      .map((directive) => {
        const [name, ...sources] = directive.trim().split(/\s+/);
        return [name, sources];
      }),
  );
}

const NOTHING: CspSources = { stripe: false, pixel: false };

describe('the Content-Security-Policy', () => {
  it('allows the shop itself (the sample video among it) and previews from blob and data URLs only, and no frame', async () => {
    const csp = policy(await headersFor(false, NOTHING));
    expect(csp).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'connect-src': ["'self'"],
      'frame-src': ["'none'"],
      'media-src': ["'self'", 'blob:'],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
    });
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });

  it("allows inline scripts and styles only by the hashes the build lists (the prerendered pages' loader and rules)", async () => {
    const script = `sha256-${'s'.repeat(43)}=`;
    const styles = [`sha256-${'t'.repeat(43)}=`, `sha256-${'u'.repeat(43)}=`];
    const csp = policy(await headersFor(false, { ...NOTHING, inlineScripts: [script], inlineStyles: styles }));
    expect(csp['script-src']).toEqual(["'self'", `'${script}'`]);
    expect(csp['style-src']).toEqual(["'self'", ...styles.map((hash) => `'${hash}'`)]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(JSON.stringify(policy(await headersFor(false, NOTHING)))).not.toMatch(/sha256|unsafe-inline/);
  });

  it('allows Stripe.js, its frames and its API only when Stripe is configured', async () => {
    const csp = policy(await headersFor(false, { stripe: true, pixel: false }));
    expect(csp['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(csp['frame-src']).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']));
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(JSON.stringify(policy(await headersFor(false, NOTHING)))).not.toMatch(/stripe/);
  });

  it("allows PayPal's JS SDK, its buttons' frames and its API only when PayPal is configured", async () => {
    const csp = policy(await headersFor(false, { stripe: false, paypal: 'https://www.paypal.com', pixel: false }));
    expect(csp['script-src']).toEqual(expect.arrayContaining(["'self'", 'https://www.paypal.com']));
    expect(csp['frame-src']).toEqual(expect.arrayContaining(['https://www.paypal.com', 'https://www.sandbox.paypal.com']));
    expect(csp['connect-src']).toEqual(expect.arrayContaining(['https://www.paypal.com']));
    expect(JSON.stringify(policy(await headersFor(false, { stripe: true, pixel: false })))).not.toMatch(/paypal/);
    // A stand-in serving the SDK (a local fake) is allowed beside PayPal's own origins.
    const fake = policy(await headersFor(false, { stripe: false, paypal: 'http://127.0.0.1:4010', pixel: false }));
    expect(fake['script-src']).toContain('http://127.0.0.1:4010');
    expect(fake['connect-src']).toContain('http://127.0.0.1:4010');
  });

  it("lets the admin portal's pages send to the bucket only where videos go straight to it, and nowhere else from there", async () => {
    const direct: CspSources = { stripe: false, pixel: false, videoUploads: 'https://media.s3.eu-west-2.amazonaws.com' };
    for (const path of ['/admin', '/admin/dashboard', '/admin/studio', '/Admin/queue', '/ADMIN']) {
      const csp = policy(await headersFor(false, direct, path));
      expect(csp['connect-src']).toEqual(["'self'", 'https://media.s3.eu-west-2.amazonaws.com']);
      expect(JSON.stringify(csp['script-src'])).not.toMatch(/amazonaws/);
    }
    expect(JSON.stringify(policy(await headersFor(false, NOTHING, '/admin/dashboard')))).not.toMatch(/amazonaws/);
  });

  it("keeps the bucket out of every parent's page", async () => {
    const direct: CspSources = { stripe: false, pixel: false, videoUploads: 'https://media.s3.eu-west-2.amazonaws.com' };
    for (const path of ['/', '/create', '/payment', '/order/abc', '/administrator', '/admins']) {
      expect(policy(await headersFor(false, direct, path))['connect-src']).toEqual(["'self'"]);
    }
  });

  it("allows Meta's pixel only when META_PIXEL_ID is set", async () => {
    const csp = policy(await headersFor(false, { stripe: false, pixel: true }));
    expect(csp['script-src']).toEqual(["'self'", 'https://connect.facebook.net']);
    expect(csp['img-src']).toContain('https://www.facebook.com');
    expect(csp['connect-src']).toContain('https://www.facebook.com');
    expect(JSON.stringify(policy(await headersFor(false, NOTHING)))).not.toMatch(/facebook/);
  });

  it('gives GraphiQL a policy of its own: nothing from elsewhere, but its editor may inject styles and start workers', async () => {
    for (const path of ['/graphiql', '/graphiql/assets/index.js']) {
      const csp = policy(await headersFor(false, { stripe: true, pixel: true }, path));
      expect(csp).toMatchObject({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'worker-src': ["'self'", 'blob:'],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'none'"],
      });
      expect(JSON.stringify(csp)).not.toMatch(/https:/);
    }
  });

  it("leaves /graphql's page (Apollo Sandbox, from Apollo's CDN) its own policy, still never framed", async () => {
    const csp = policy(await headersFor(false, NOTHING, '/graphql'));
    expect(csp['default-src']).toBeUndefined();
    expect(csp['script-src']).toBeUndefined();
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });
});

describe('the other headers', () => {
  it('forbid framing and sniffing, and send HSTS (a year, subdomains too) and upgrade-insecure-requests over HTTPS only', async () => {
    const https = await headersFor(true, NOTHING);
    expect(https.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(policy(https)['upgrade-insecure-requests']).toEqual([]);
    expect(https.get('x-frame-options')).toBe('DENY');
    expect(https.get('x-content-type-options')).toBe('nosniff');
    expect(https.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const plain = await headersFor(false, NOTHING);
    expect(plain.get('strict-transport-security')).toBeNull();
    expect(policy(plain)['upgrade-insecure-requests']).toBeUndefined();
    expect(plain.get('x-frame-options')).toBe('DENY');
  });
});

describe('servedOverHttps', () => {
  it('takes the scheme from PUBLIC_URL in production, so a shop on plain http keeps its scripts and styles', () => {
    expect(servedOverHttps({ isProduction: true, publicUrl: 'https://shop.example.com' })).toBe(true);
    expect(servedOverHttps({ isProduction: true, publicUrl: 'http://shop.example.com' })).toBe(false);
    expect(servedOverHttps({ isProduction: false, publicUrl: 'https://shop.example.com' })).toBe(false);
    expect(servedOverHttps({ isProduction: false, publicUrl: 'http://localhost:4000' })).toBe(false);
  });
});
