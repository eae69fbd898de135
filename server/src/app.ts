/**
 * Assembles the HTTP app from its parts: request ids, the access log and request metrics,
 * security headers and body time limits (`http/`), /metrics, health checks, the signed /media
 * route, the Stripe webhook, GraphQL with its upload policy (`graphql/`), the built client
 * (whose order page comes with its first query answered, by the same GraphQL server), and the
 * JSON error handler. main.ts listens on it; tests start it on a random port.
 */
import { paypalSdkUrl } from './payments/paypal/paypal.provider';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DataSource } from 'typeorm';
import type { AppLogger } from './common/logger';
import { createServices, type Services } from './composition';
import type { Config } from './config';
import { startApollo } from './api/apollo';
import { contextFactory } from './api/create-context';
import { routeQueryRunner } from './api/route-query';
import { createSchema } from './api/schema';
import { type WarmUpReport, warmUp } from './api/warm-up';
import { requestLogging } from './http/access-log';
import { applyServerTimeouts, bodyTimeLimit } from './http/body-time-limit';
import { clientInlineHashes, hostClient, readClientBuild } from './http/client-hosting';
import { graphiqlRouter } from './api/graphiql.route';
import { errorHandler } from './http/error-handler';
import { healthRouter } from './http/health';
import { RequestAdmin } from './http/request-admin';
import { securityHeaders, servedOverHttps } from './http/security-headers';
import { uploadPolicy } from './http/upload-policy';
import { ordersCsvRouter } from './admin-orders/orders-csv.route';
import { mediaRouter } from './media/media.route';
import { httpMetrics, metricsEndpoint, type MetricsServer, startMetricsServer } from './observability/metrics.route';
import { webhookRouter } from './payments/webhook.route';
import { printWebhookRouter } from './printing/print-webhook.route';

export interface AppDeps {
  config: Config;
  dataSource: DataSource;
  /** The process's logger: its pino instance writes the access log. */
  logger: AppLogger;
  /**
   * A server already listening (main.ts binds the port before it opens the database, see
   * http/hold-port.ts): the app answers on it from `listen()` on. Unset: a new one.
   */
  server?: http.Server;
}

export interface App {
  server: http.Server;
  services: Services;
  /**
   * Listens on `port` (0: a free one), or takes over the held server's requests, and resolves
   * with the URL; also listens on METRICS_PORT, when set.
   */
  listen(port?: number, host?: string): Promise<string>;
  /**
   * Runs the dashboard's and the storefront's read-only queries a few times, in-process (api/warm-up.ts),
   * so the first requests after a start do not pay for a cold process. Before `listen()`.
   */
  warmUp(): Promise<WarmUpReport>;
  /** The metrics listener's /metrics URL once listening, with METRICS_PORT; otherwise null. */
  readonly metricsUrl: string | null;
  close(): Promise<void>;
}

/** How long an idle keep-alive connection is kept open. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export async function createApp({ config, dataSource, logger, server: heldServer }: AppDeps): Promise<App> {
  const services = createServices(config, dataSource, logger);
  const app = express();
  const server = heldServer ?? http.createServer(app);
  // An idle keep-alive connection stays open longer than a client or load balancer keeps one
  // (60 s at most clouds' balancers): closed by the shop first, a request sent on it at that
  // moment would be reset. Headers get a second more, as Node requires.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(requestLogging(logger), httpMetrics(services.metrics));
  // Read once: its inline hashes go into the policy below, and it is served last.
  const clientBuild = readClientBuild(config.clientDistDir);
  const inline = clientInlineHashes(clientBuild);
  app.use(
    securityHeaders(servedOverHttps(config), {
      stripe: config.stripe !== undefined,
      paypal: config.paypal ? new URL(paypalSdkUrl(config.paypal.apiUrl)).origin : null,
      pixel: config.pixelId !== undefined,
      videoUploads: services.storage.directUploads?.origin ?? null,
      inlineScripts: inline.scripts,
      inlineStyles: inline.styles,
    }),
  );
  applyServerTimeouts(server);
  app.use(bodyTimeLimit(config.requestBodyTimeoutMs));

  const schema = await createSchema(services);
  const apollo = await startApollo({
    schema,
    httpServer: server,
    logger,
    isProduction: config.isProduction,
    apiExplorer: config.apiExplorer,
    metrics: services.metrics,
  });

  app.use(metricsEndpoint(services.metrics, config.metrics, logger));

  app.use(healthRouter(dataSource, logger));
  app.use('/media', mediaRouter(services.storage, services.signer, logger));
  // Before any JSON parser: a re-serialised body fails a signature check.
  // The print partner's webhook, before the payment providers' /webhooks/:provider.
  app.use('/webhooks/lulu', printWebhookRouter(services.printing, logger));
  app.use('/webhooks', webhookRouter(services.payments.providers, services.payments, logger));
  const requestAdmin = new RequestAdmin(services.auth, services.cookie);
  const context = contextFactory(services, requestAdmin);
  app.use(
    '/graphql',
    uploadPolicy(requestAdmin, config.videoMaxBytes),
    express.json({ limit: '1mb' }),
    expressMiddleware(apollo, { context }),
  );
  app.use(ordersCsvRouter(services.orderExport, requestAdmin, logger));
  app.use(graphiqlRouter(config.graphiqlDistDir, config.apiExplorer));
  hostClient(app, {
    build: clientBuild,
    publicUrl: config.publicUrl,
    pixelId: config.pixelId,
    runRouteQuery: routeQueryRunner(apollo, context),
    logger,
  });
  app.use(errorHandler(logger));

  let metricsServer: MetricsServer | null = null;
  return {
    server,
    services,
    warmUp: () => warmUp(schema, services, logger),
    get metricsUrl() {
      return metricsServer?.url ?? null;
    },
    async listen(port = config.port, host = config.host) {
      if (heldServer) {
        // Bound since before the database opened, answering "starting": from now on the app answers.
        server.removeAllListeners('request');
        server.on('request', app);
      } else {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, host, () => resolve());
        });
      }
      const address = server.address() as AddressInfo;
      const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
      const url = `http://${shownHost}:${address.port}`;
      if (config.metrics.port !== undefined) {
        metricsServer = await startMetricsServer(
          services.metrics,
          { port: config.metrics.port, host, token: config.metrics.token },
          logger,
        );
      }
      return url;
    },
    async close() {
      await metricsServer?.close();
      await apollo.stop();
      // The drain plugin has let in-flight requests finish; cut whatever is still open (an
      // abandoned upload, say) so shutdown never waits on a client.
      server.closeAllConnections();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
