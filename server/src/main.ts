/** Process entry: config -> ports bound -> database (migrated) -> app -> listen; graceful shutdown on signals. */
// First: tracing (when configured) must patch http, express, graphql and pg before they load.
import { tracing } from './observability/tracing-preload';
import 'reflect-metadata';
import path from 'node:path';
import { bootstrapAdmin } from './admin/bootstrap-admin';
import { createApp } from './app';
import { describeProviders } from './composition';
import { createLogger, logLevelFromEnv } from './common/logger';
import { applyV8Flags } from './common/v8-flags';
import { loadConfig, loadDotEnv } from './config';
import { openDatabase } from './db/database';
import { holdPort, releasePort } from './http/hold-port';
import { checkPaymentAccount } from './payments/account-check';

async function main(): Promise<void> {
  // First: V8 follows them from its next collection on.
  const v8Flags = applyV8Flags();
  const envFile = loadDotEnv();
  const config = loadConfig();
  const logger = createLogger(config.logLevel, { production: config.isProduction });
  if (envFile) logger.info('settings read from .env', { file: envFile });
  if (v8Flags.length > 0) logger.info('V8 flags set at start', { flags: v8Flags });
  for (const warning of config.warnings) logger.warn(`configuration: ${warning}`);
  // The ports first: one that is taken stops the start before the database is touched (no
  // migration, no first admin, no password printed), and once bound they stay this process's.
  const server = await holdPort(config.port, config.host);
  const metricsPort =
    config.metrics.port === undefined ? undefined : await holdPort(config.metrics.port, config.host, 'METRICS_PORT');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    logger,
  });
  const app = await createApp({ config, dataSource: database.dataSource, logger, server });
  await bootstrapAdmin(
    app.services.auth,
    {
      email: config.adminEmail,
      password: config.adminPassword,
      embedded: database.mode === 'pglite',
      isProduction: config.isProduction,
      dataDir: config.dataDir,
    },
    logger,
  );
  const stopJobs = app.services.jobs.start();
  // Without a mail provider there is no worker: e-mails stay in the outbox (and the log).
  const stopOutbox = app.services.outboxWorker?.start() ?? (async () => undefined);
  logger.info('payments, e-mail and files', {
    ...describeProviders(app.services),
    tracing: tracing ? `OTLP to ${tracing.endpoint} as ${tracing.serviceName}` : 'off (no OTEL_EXPORTER_OTLP_ENDPOINT)',
  });
  // Paid here, while the port answers "starting", not by the first admin after a deploy.
  await app.warmUp();
  // The metrics listener binds its port itself, right after it is given back.
  if (metricsPort) await releasePort(metricsPort);
  const url = await app.listen();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    const timer = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      // The job runner claims nothing more from now on, while the server finishes its requests.
      const jobsStopped = stopJobs();
      await app.close();
      await jobsStopped;
      await stopOutbox();
      logger.debug('http server closed');
      await database.close();
      logger.debug('database closed');
      await tracing?.shutdown();
      process.exit(0);
    } catch (error) {
      logger.error('shutdown failed', { error });
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Announced once a stop signal would be handled: whoever waits for this line may send one at once.
  logger.info('storybook shop listening', { url, graphql: `${url}/graphql`, database: database.mode });
  // In the background: a refused key is logged plainly, and the shop keeps serving everything else.
  for (const provider of app.services.payments.providers.all()) void checkPaymentAccount(provider, logger);
  void app.services.videoUploadAccess.check();
  if (app.metricsUrl) logger.info('metrics listening', { url: app.metricsUrl });
}

main().catch((error: unknown) => {
  // The configuration may be what failed: the level and the masking come straight from the environment.
  const level = logLevelFromEnv();
  const logger = createLogger(level, { production: process.env.NODE_ENV === 'production' });
  const message = error instanceof Error ? error.message : String(error);
  logger.error('failed to start', {
    error: message,
    ...(level === 'debug' && error instanceof Error ? { stack: error.stack } : {}),
  });
  process.exit(1);
});
