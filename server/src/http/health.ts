import { Router } from 'express';
import type { DataSource } from 'typeorm';
import type { Logger } from '../common/logger';

/** GET /healthz: the process lives. GET /readyz: the database answers (migrations ran before the app was built). */
export function healthRouter(dataSource: DataSource, logger: Logger): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    try {
      await dataSource.query('SELECT 1');
      res.json({ status: 'ready' });
    } catch (error) {
      logger.warn('not ready', { error });
      res.status(503).json({ status: 'unavailable' });
    }
  });
  return router;
}
