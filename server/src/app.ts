/**
 * Builds the HTTP app: GraphQL (Apollo Server 5 on Express 5) with multipart uploads, the
 * signed /media route, health checks and, when built, the client with history fallback.
 * main.ts listens on it; tests start it on a random port.
 */
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  ApolloServerPluginLandingPageLocalDefault,
  ApolloServerPluginLandingPageProductionDefault,
} from '@apollo/server/plugin/landingPage/default';
import { expressMiddleware } from '@as-integrations/express5';
import DataLoader from 'dataloader';
import express, { type ErrorRequestHandler } from 'express';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import graphqlUploadExpress from 'graphql-upload/graphqlUploadExpress.mjs';
import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import type { DataSource } from 'typeorm';
import type { AdminUser } from './admin/admin-user.entity';
import { AuthResolver } from './admin/auth.resolver';
import { AuthService } from './admin/auth.service';
import { SessionCookie } from './admin/session-cookie';
import { LIMITS } from './catalogue/catalogue';
import { CatalogueResolver } from './catalogue/catalogue.resolver';
import { DeliveryResolver, ShopConfigVideoResolver } from './delivery/delivery.resolver';
import { DeliveryService } from './delivery/delivery.service';
import type { Config } from './config';
import type { Context } from './common/context';
import type { Logger } from './common/logger';
import { createStorage } from './media/create-storage';
import { mediaRouter } from './media/media.route';
import { OutboxService } from './mail/outbox.service';
import { PhotoRetention } from './media/photo-retention';
import { MediaSigner } from './media/signed-url';
import type { Storage } from './media/storage';
import { AdminOrderResolver, OrderConnectionResolver } from './orders/admin-order.resolver';
import { NewsletterResolver } from './newsletter/newsletter.resolver';
import { NewsletterService } from './newsletter/newsletter.service';
import { OrderResolver } from './orders/order.resolver';
import { OrderService } from './orders/order.service';
import type { PaymentProvider } from './payments/payment-provider';
import { PaymentResolver } from './payments/payment.resolver';
import { PaymentService } from './payments/payment.service';
import { SandboxProvider } from './payments/sandbox/sandbox.provider';
import { StripeProvider, stripeApiTarget } from './payments/stripe/stripe.provider';
import { stripeWebhookRouter } from './payments/stripe-webhook.route';
import { createSchema } from './schema';

/** How long a connection may stay silent mid-request (a stalled upload) before it is closed. */
export const UPLOAD_IDLE_TIMEOUT_MS = 120_000;


export interface AppDeps {
  config: Config;
  dataSource: DataSource;
  logger: Logger;
  storage?: Storage;
}

export interface Services {
  orders: OrderService;
  auth: AuthService;
  signer: MediaSigner;
  storage: Storage;
  cookie: SessionCookie;
  newsletter: NewsletterService;
  photoRetention: PhotoRetention;
  outbox: OutboxService;
  payments: PaymentService;
  delivery: DeliveryService;
}

export interface App {
  server: http.Server;
  services: Services;
  /** Listens on `port` (0: a free one) and resolves with the URL. */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

/** Stripe when its keys are configured; otherwise the offline sandbox (config refuses that in production). */
export function createPaymentProvider(config: Config, dataSource: DataSource): PaymentProvider {
  if (!config.stripe) return new SandboxProvider(dataSource);
  return new StripeProvider({
    secretKey: config.stripe.secretKey,
    publishableKey: config.stripe.publishableKey,
    webhookSecret: config.stripe.webhookSecret,
    ...stripeApiTarget(config.stripe.apiUrl),
  });
}

export function createServices(deps: AppDeps): Services {
  const { config, dataSource, logger } = deps;
  const storage = deps.storage ?? createStorage(config, logger);
  const orders = new OrderService(dataSource, storage, logger);
  const outbox = new OutboxService(dataSource, logger, { sendingEnabled: Boolean(config.mailgun) });
  const signer = new MediaSigner(config.mediaSecret, config.mediaUrlTtlSeconds);
  return {
    storage,
    orders,
    outbox,
    payments: new PaymentService(dataSource, createPaymentProvider(config, dataSource), orders, outbox, logger, config.publicUrl),
    auth: new AuthService(dataSource, config.sessionSecret, config.sessionTtlMs, logger),
    signer,
    cookie: new SessionCookie(config.isProduction),
    newsletter: new NewsletterService(dataSource),
    photoRetention: new PhotoRetention(dataSource, storage, orders, logger),
    delivery: new DeliveryService(dataSource, storage, orders, outbox, signer, logger, {
      publicUrl: config.publicUrl,
      videoMaxBytes: config.videoMaxBytes,
      videoLinkTtlMs: config.videoLinkTtlMs,
      // Long enough to watch, or download a large file on a slow line; the page asks for fresh ones.
      mediaTtlSeconds: 12 * 3600,
    }),
  };
}

export async function createApp(deps: AppDeps): Promise<App> {
  const { config, dataSource, logger } = deps;
  const services = createServices(deps);
  const schema = await createSchema({
    CatalogueResolver: new CatalogueResolver(),
    OrderResolver: new OrderResolver(services.orders),
    AdminOrderResolver: new AdminOrderResolver(services.orders, services.signer),
    OrderConnectionResolver: new OrderConnectionResolver(),
    AuthResolver: new AuthResolver(services.auth, services.cookie),
    NewsletterResolver: new NewsletterResolver(services.newsletter),
    PaymentResolver: new PaymentResolver(services.payments, config.pixelId),
    DeliveryResolver: new DeliveryResolver(services.delivery),
    ShopConfigVideoResolver: new ShopConfigVideoResolver(config.videoMaxBytes),
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use((_req, res, next) => {
    res.set({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      ...(config.isProduction ? { 'Strict-Transport-Security': 'max-age=31536000' } : {}),
    });
    next();
  });
  const server = http.createServer(app);
  // Node ends any request whose body takes over 5 minutes to arrive, and a 2 GB video over an
  // ordinary uplink takes longer. So Node's limit is off, the same limit is kept below for
  // everyone but a signed-in admin's upload, and a socket silent for 2 minutes is closed.
  server.requestTimeout = 0;
  server.setTimeout(UPLOAD_IDLE_TIMEOUT_MS);
  app.use((req, res, next) => {
    const timer = setTimeout(() => {
      if (!req.complete && !(res.locals as { longUpload?: boolean }).longUpload) req.destroy();
    }, config.requestBodyTimeoutMs);
    timer.unref();
    res.once('close', () => clearTimeout(timer));
    next();
  });

  const apollo = new ApolloServer<Context>({
    schema,
    introspection: !config.isProduction,
    // CSRF prevention stays on: browsers must send Apollo-Require-Preflight (or JSON) to /graphql.
    csrfPrevention: true,
    // main.ts owns shutdown (HTTP, then the database); Apollo's own signal handler would race it.
    stopOnTerminationSignals: false,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer: server }),
      config.isProduction
        ? ApolloServerPluginLandingPageProductionDefault({ footer: false })
        : ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: true, footer: false }),
    ],
    formatError: (formatted: GraphQLFormattedError, error: unknown) => {
      const code = formatted.extensions?.code;
      if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) {
        logger.error('graphql error', { error: unwrapResolverError(error), path: formatted.path });
        if (config.isProduction) return { message: 'Something went wrong. Please try again.', path: formatted.path };
      }
      return formatted;
    },
  });
  await apollo.start();

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    try {
      // Migrations ran before the app was built (openDatabase); reachability is what can change.
      await dataSource.query('SELECT 1');
      res.json({ status: 'ready' });
    } catch (error) {
      logger.warn('not ready', { error });
      res.status(503).json({ status: 'unavailable' });
    }
  });

  app.use('/media', mediaRouter(services.storage, services.signer, logger));
  if (services.payments.provider.name === 'stripe') {
    app.use('/webhooks/stripe', stripeWebhookRouter(services.payments, logger));
  }

  // Multipart parsing must come before the JSON parser. One file per request, cut off one byte past
  // its cap: the rest of an oversize upload is discarded, never spooled to disk. Only a signed-in
  // admin may send more than a photo (the finished video); everyone else gets the photo's cap.
  const photoUploads = graphqlUploadExpress({ maxFileSize: LIMITS.photoMaxBytes + 1, maxFiles: 1 });
  const videoUploads = graphqlUploadExpress({ maxFileSize: config.videoMaxBytes + 1, maxFiles: 1 });
  const sessionAdmin = (req: express.Request, res: express.Response): Promise<AdminUser | null> =>
    ((res.locals as { admin?: Promise<AdminUser | null> }).admin ??= services.auth.adminForToken(services.cookie.read(req)));
  app.use(
    '/graphql',
    async (req, res, next) => {
      if (!req.is('multipart/form-data')) return next();
      if (!(await sessionAdmin(req, res))) return photoUploads(req, res, next);
      (res.locals as { longUpload?: boolean }).longUpload = true;
      // Once the whole video is in, the socket goes quiet while it is written to storage (slower
      // than the upload, with S3): that silence must not close it under the waiting admin.
      req.once('end', () => req.socket.setTimeout(0));
      return videoUploads(req, res, next);
    },
    express.json({ limit: '1mb' }),
    expressMiddleware(apollo, {
      context: async ({ req, res }): Promise<Context> => {
        return {
          req,
          res,
          admin: () => sessionAdmin(req, res),
          ordersCreated: 0,
          loaders: {
            orderEvents: new DataLoader((ids) => services.orders.eventsForOrders(ids)),
            orderEmails: new DataLoader((ids) => services.outbox.emailsForOrders(ids)),
          },
        };
      },
    }),
  );

  if (existsSync(path.join(config.clientDistDir, 'index.html'))) {
    app.use(express.static(config.clientDistDir, { index: false, maxAge: '1h' }));
    // History fallback: every other GET, `/` included, is a client route.
    app.get('/{*path}', (_req, res) => {
      res.set('Cache-Control', 'no-cache').sendFile(path.join(config.clientDistDir, 'index.html'));
    });
  }

  // Malformed JSON or multipart bodies, oversize uploads: a JSON answer, never an HTML page.
  const onError: ErrorRequestHandler = (error: { status?: number; expose?: boolean; message?: string }, _req, res, next) => {
    if (res.headersSent) return next(error);
    const status = error.status && error.status >= 400 && error.status < 600 ? error.status : 500;
    if (status >= 500) logger.error('request failed', { error });
    const message = status < 500 && error.expose !== false ? error.message : 'Something went wrong. Please try again.';
    res.status(status).json({ errors: [{ message, extensions: { code: status >= 500 ? 'INTERNAL_SERVER_ERROR' : status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST' } }] });
  };
  app.use(onError);

  return {
    server,
    services,
    listen(port = config.port, host = config.host) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const address = server.address() as AddressInfo;
          const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
          resolve(`http://${shownHost}:${address.port}`);
        });
      });
    },
    async close() {
      await apollo.stop();
      // The drain plugin has let in-flight requests finish; cut whatever is still open (an
      // abandoned upload, say) so shutdown never waits on a client.
      server.closeAllConnections();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
