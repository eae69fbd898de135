import express, { Router } from 'express';
import type { Logger } from '../common/logger';
import { PrintWebhookRefused } from './print-partner';
import type { PrintingService } from './printing.service';

/**
 * POST /webhooks/lulu: the print partner's status changes. The raw body is kept for its signature;
 * a request that is not the partner's is refused with 401 before anything is read from it; what
 * the order becomes is decided on the partner's API, asked for the job the body names. A failure
 * on the shop's side is a 500, so the partner sends it again.
 */
export function printWebhookRouter(printing: PrintingService, logger: Logger): Router {
  const router = Router();
  router.post('/', express.raw({ type: '*/*', limit: '1mb' }), async (req, res) => {
    try {
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const outcome = await printing.handleWebhook(rawBody, req.headers);
      res.json({ received: true, outcome });
    } catch (error) {
      if (error instanceof PrintWebhookRefused) {
        logger.warn('print webhook refused', { reason: error.message });
        res.status(401).json({ error: 'Invalid signature' });
        return;
      }
      logger.error('print webhook failed', { error });
      res.status(500).json({ error: 'Webhook handling failed' });
    }
  });
  return router;
}
