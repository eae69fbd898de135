import { Router } from 'express';
import type { DataSource } from 'typeorm';
import type { Logger } from '../common/logger';

/** How long /readyz waits for the database before answering 503: a load balancer must not wait on a hung one. */
export const READY_TIMEOUT_MS = 2_000;

/** GET /healthz: the process lives. GET /readyz: the database answers, quickly (migrations ran before the app was built). */
export function healthRouter(dataSource: Pick<DataSource, 'query'>, logger: Logger, readyTimeoutMs = READY_TIMEOUT_MS): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`the database did not answer within ${readyTimeoutMs} ms`)), readyTimeoutMs);
    });
    try {
      await Promise.race([dataSource.query('SELECT 1'), timeout]);
      res.json({ status: 'ready' });
    } catch (error) {
      logger.warn('not ready', { error });
      res.status(503).json({ status: 'unavailable' });
    } finally {
      clearTimeout(timer);
    }
  });
  return router;
}
