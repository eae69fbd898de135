import express, { Router } from 'express';
import type { Logger } from '../common/logger';
import { WebhookSignatureError } from './payment-provider';
import type { PaymentProviders } from './payment-providers';
import type { PaymentService } from './payment.service';

/**
 * POST /webhooks/:provider, for every payment provider: the raw body is kept (a re-serialised
 * body fails a signature), the provider verifies the request its own way before anything is read
 * from it (a signature, or a call to its own API), and each event id is handled once. An unknown
 * provider, or one without webhooks, is a 404.
 */
export function webhookRouter(providers: PaymentProviders, payments: PaymentService, logger: Logger): Router {
  const router = Router();
  router.post('/:provider', express.raw({ type: '*/*', limit: '1mb' }), async (req, res) => {
    const provider = providers.get(req.params.provider);
    if (!provider?.parseWebhook) {
      res.status(404).json({ error: 'No webhooks for this payment provider' });
      return;
    }
    let action;
    try {
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      action = await provider.parseWebhook({ rawBody, headers: req.headers });
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        logger.warn('webhook refused', { provider: provider.name, reason: error.message });
        res.status(400).json({ error: 'Invalid signature' });
        return;
      }
      throw error;
    }
    try {
      await payments.handleWebhook(provider, action);
      res.json({ received: true });
    } catch (error) {
      // 500 makes the provider retry later; the event id is only recorded once handled.
      logger.error('webhook failed', { error, provider: provider.name, eventId: action.eventId });
      res.status(500).json({ error: 'Webhook handling failed' });
    }
  });
  return router;
}
