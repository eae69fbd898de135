/**
 * Assembles the HTTP app from its parts: security headers and body time limits (`http/`),
 * health checks, the signed /media route, the Stripe webhook, GraphQL with its upload policy
 * (`graphql/`), the built client, and the JSON error handler. main.ts listens on it; tests
 * start it on a random port.
 */
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DataSource } from 'typeorm';
import type { Logger } from './common/logger';
import { createServices, type Services } from './composition';
import type { Config } from './config';
import { startApollo } from './graphql/apollo';
import { contextFactory } from './graphql/create-context';
import { createSchema } from './graphql/schema';
import { applyServerTimeouts, bodyTimeLimit } from './http/body-time-limit';
import { hostClient } from './http/client-hosting';
import { errorHandler } from './http/error-handler';
import { healthRouter } from './http/health';
import { RequestAdmin } from './http/request-admin';
import { securityHeaders } from './http/security-headers';
import { uploadPolicy } from './http/upload-policy';
import { ordersCsvRouter } from './http/orders-csv.route';
import { mediaRouter } from './media/media.route';
import { stripeWebhookRouter } from './payments/stripe-webhook.route';

export interface AppDeps {
  config: Config;
  dataSource: DataSource;
  logger: Logger;
}

export interface App {
  server: http.Server;
  services: Services;
  /** Listens on `port` (0: a free one) and resolves with the URL. */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

export async function createApp({ config, dataSource, logger }: AppDeps): Promise<App> {
  const services = createServices(config, dataSource, logger);
  const app = express();
  const server = http.createServer(app);
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(securityHeaders(config.isProduction));
  applyServerTimeouts(server);
  app.use(bodyTimeLimit(config.requestBodyTimeoutMs));

  const schema = await createSchema(services);
  const apollo = await startApollo({
    schema,
    httpServer: server,
    logger,
    isProduction: config.isProduction,
    apiExplorer: config.apiExplorer,
  });

  app.use(healthRouter(dataSource, logger));
  app.use('/media', mediaRouter(services.storage, services.signer, logger));
  if (services.payments.provider.name === 'stripe') {
    // Before any JSON parser: a re-serialised body fails the signature check.
    app.use('/webhooks/stripe', stripeWebhookRouter(services.payments, logger));
  }
  const requestAdmin = new RequestAdmin(services.auth, services.cookie);
  app.use(
    '/graphql',
    uploadPolicy(requestAdmin, config.videoMaxBytes),
    express.json({ limit: '1mb' }),
    expressMiddleware(apollo, { context: contextFactory(services, requestAdmin) }),
  );
  app.use(ordersCsvRouter(services.orderExport, requestAdmin, logger));
  hostClient(app, config.clientDistDir);
  app.use(errorHandler(logger));

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
