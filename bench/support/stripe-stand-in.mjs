/**
 * Stripe for a benchmark's shop, offline. The shop's side: the tests' fake of Stripe's API
 * (test/support/fake-stripe.ts), with a fake publishable key and webhook secret. The browser's
 * side: Caddy answering as js.stripe.com, with the fake's stand-in for Stripe.js at the address
 * @stripe/stripe-js asks for, and as api.stripe.com (caddy-front.mjs), the browser being pointed
 * there for both names by `browserArgs`. So a payment page asks another host for "Stripe.js" when
 * it would on the internet, and its request is throttled as the rest; Stripe's own code is left
 * out, and so is the cost of a new connection (Caddy is on this machine: Chromium's throttling
 * delays each request, not a connection's handshakes, which only Lighthouse's simulation counts).
 * Needs a Node.js that runs TypeScript (22.18 or later) and Debian's caddy.
 */
import { randomBytes } from 'node:crypto';
import { startCaddy, stripeHostRules } from './caddy-front.mjs';
import { eachStep, freePort } from './server.mjs';

/**
 * Starts the fake, and with `browserSide` (the default) Caddy for Stripe's hosts; resolves with the
 * shop's environment for it (`shopEnv`), the browser's flags (`browserArgs`), the fake's address
 * (`url`) and `stop`.
 */
export async function startStripeStandIn({ browserSide = true } = {}) {
  // Loaded only when asked for: other runs need no TypeScript.
  const { startFakeStripe } = await import('../../test/support/fake-stripe.ts');
  const stripe = await startFakeStripe();
  let caddy = null;
  const stop = () => eachStep([() => caddy?.stop(), () => stripe.close()]);
  try {
    const ports = browserSide ? { httpsPort: await freePort(), httpPort: await freePort() } : null;
    caddy = ports ? await startCaddy({ stripeBase: stripe.url, ...ports }) : null;
    return {
      url: stripe.url,
      shopEnv: {
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_PUBLISHABLE_KEY: `pk_test_${randomBytes(12).toString('hex')}`,
        STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(12).toString('hex')}`,
        STRIPE_API_URL: stripe.url,
      },
      // Caddy's certificates come from its own local CA, which the browser does not know.
      browserArgs: ports ? ['--ignore-certificate-errors', `--host-resolver-rules=${stripeHostRules(ports.httpsPort)}`] : [],
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
