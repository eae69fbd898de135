import express, { Router } from 'express';
import type { Logger } from '../common/logger';
import { WebhookSignatureError } from './payment-provider';
import type { PaymentService } from './payment.service';

/**
 * POST /webhooks/stripe. The raw body is kept (a re-serialised body fails the signature),
 * the signature is verified before anything else, and each event id is handled once.
 */
export function stripeWebhookRouter(payments: PaymentService, logger: Logger): Router {
  const router = Router();
  router.post('/', express.raw({ type: '*/*', limit: '1mb' }), async (req, res) => {
    let action;
    try {
      action = payments.provider.parseWebhook(req.body as Buffer, req.get('stripe-signature'));
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        logger.warn('webhook refused', { reason: error.message });
        res.status(400).json({ error: 'Invalid signature' });
        return;
      }
      throw error;
    }
    try {
      await payments.handleWebhook(action);
      res.json({ received: true });
    } catch (error) {
      // 500 makes Stripe retry later; the event id is only recorded once handled.
      logger.error('webhook failed', { error, eventId: action.eventId });
      res.status(500).json({ error: 'Webhook handling failed' });
    }
  });
  return router;
}
