/**
 * At start-up, asks the payment provider once whether it accepts the shop's credentials, so a
 * wrong or revoked key is an error in the log naming the setting to fix, before a parent's
 * payment or an admin's refund runs into it. Never stops the shop: the sandbox has nothing to
 * check, and an unreachable provider is only a warning (it may be a passing network problem).
 */
import type { Logger } from '../common/logger';
import { PaymentAccountError, type PaymentProvider } from './payment-provider';

export async function checkPaymentAccount(
  provider: Pick<PaymentProvider, 'name' | 'checkAccount'>,
  logger: Pick<Logger, 'info' | 'warn' | 'error'>,
): Promise<'ok' | 'refused' | 'unreachable' | 'skipped'> {
  if (!provider.checkAccount) return 'skipped';
  try {
    await provider.checkAccount();
    logger.info('payment provider accepted the shop credentials', { provider: provider.name });
    return 'ok';
  } catch (error) {
    if (error instanceof PaymentAccountError) {
      logger.error('payment provider refused the shop credentials: payments and refunds will fail until this is fixed', {
        provider: provider.name,
        code: error.code,
        detail: error.message,
      });
      return 'refused';
    }
    logger.warn('payment provider could not be reached to check the shop credentials', {
      provider: provider.name,
      error: error instanceof Error ? error.message : String(error),
    });
    return 'unreachable';
  }
}
