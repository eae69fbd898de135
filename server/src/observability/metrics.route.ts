/**
 * /metrics, never public: on the app's port only behind `Authorization: Bearer $METRICS_TOKEN`,
 * or on a listener of its own (METRICS_PORT) that an operator keeps on a private network;
 * with neither, it is not served. Also the middleware that counts and times every request.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request, RequestHandler } from 'express';
import type { Logger } from '../common/logger';
import { type Metrics, secondsSince } from './metrics';

export const METRICS_PATH = '/metrics';

/** Counts and times each request once its answer is sent (or the client goes away). */
export function httpMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    // The path before any router strips its mount point, without the query string.
    const path = req.path;
    res.once('close', () => metrics.httpRequest(req.method, path, res.headersSent ? res.statusCode : null, secondsSince(start)));
    next();
  };
}

/** Compares hashes, so the time taken says nothing about how much of the token was right. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

async function answer(metrics: Metrics, res: http.ServerResponse, logger: Logger): Promise<void> {
  try {
    const { contentType, body } = await metrics.render();
    res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(body);
  } catch (error) {
    logger.error('metrics could not be collected', { error });
    res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics could not be collected.\n');
  }
}

/**
 * GET /metrics on the app's port: with a token (and no METRICS_PORT) for whoever presents it,
 * 401 to anyone else; otherwise 404, before the client's history fallback could answer it.
 */
export function metricsEndpoint(
  metrics: Metrics,
  options: { token: string | undefined; port: number | undefined },
  logger: Logger,
): RequestHandler {
  const token = options.port === undefined ? options.token : undefined;
  return (req: Request, res, next) => {
    if (req.path !== METRICS_PATH) return next();
    if (!token || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    if (!tokenMatches(req.headers.authorization, token)) {
      res.status(401).set('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain').send('Unauthorized');
      return;
    }
    void answer(metrics, res, logger);
  };
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * METRICS_PORT: a listener that answers GET /metrics and nothing else. Keep it off the public
 * network; when METRICS_TOKEN is set as well, it is required here too.
 */
export function startMetricsServer(
  metrics: Metrics,
  options: { port: number; host: string; token: string | undefined },
  logger: Logger,
): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (options.token && !tokenMatches(req.headers.authorization, options.token)) {
      res.writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer realm="metrics"' }).end('Unauthorized\n');
      return;
    }
    void answer(metrics, res, logger);
  });
  server.requestTimeout = 10_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const shownHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
      resolve({
        url: `http://${shownHost}:${port}${METRICS_PATH}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
