/**
 * The offline payment provider for the embedded default: no keys, no network. It keeps its
 * payments in `sandbox_payments` and behaves like a card processor with two test cards:
 * 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined (and the payment stays
 * payable, as with Stripe). Never used in production (config refuses to start without Stripe).
 */
import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { type Outcome, refuse, succeed, UserErrorCode } from '../../common/user-error';
import type {
  PaymentProvider,
  PaymentRequest,
  ProviderRefund,
  RefundRequest,
  StartedPayment,
  VerifiedPayment,
} from '../payment-provider';
import { RefundRefusedError } from '../payment-provider';
import { SandboxPayment } from './sandbox-payment.entity';
import { SandboxRefund } from './sandbox-refund.entity';

export const SANDBOX_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;
export const SANDBOX_MESSAGES = {
  declined: 'Your card was declined.',
  unknownCard: 'Use a sandbox test card: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.',
  paymentNotFound: 'We could not find that payment.',
} as const;

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly publishableKey = null;

  constructor(private readonly dataSource: DataSource) {}

  async createPayment(request: PaymentRequest): Promise<StartedPayment> {
    const repo = this.dataSource.getRepository(SandboxPayment);
    // One payment per order, like an idempotency key: a second start returns the first.
    await repo
      .createQueryBuilder()
      .insert()
      .values({
        id: `sbx_pi_${randomBytes(12).toString('hex')}`,
        orderId: request.orderId,
        amountCents: request.amountCents,
        currency: request.currency.toUpperCase(),
        status: 'requires_payment_method',
      })
      .orIgnore()
      .execute();
    // The parent chose another format since: an unpaid payment takes the order's amount now.
    await repo
      .createQueryBuilder()
      .update()
      .set({ amountCents: request.amountCents, currency: request.currency.toUpperCase(), updatedAt: new Date() })
      .where('order_id = :orderId AND status <> :succeeded', { orderId: request.orderId, succeeded: 'succeeded' })
      .execute();
    const payment = await repo.findOneByOrFail({ orderId: request.orderId });
    return { paymentId: payment.id, clientSecret: null };
  }

  async resumePayment(paymentId: string, request: PaymentRequest): Promise<StartedPayment | null> {
    const payment = await this.dataSource.getRepository(SandboxPayment).findOneBy({ id: paymentId });
    const pays =
      payment?.orderId === request.orderId &&
      payment.amountCents === request.amountCents &&
      payment.currency === request.currency.toUpperCase();
    return payment && pays ? { paymentId: payment.id, clientSecret: null } : null;
  }

  async verifyPayment(paymentId: string): Promise<VerifiedPayment | null> {
    const payment = await this.dataSource.getRepository(SandboxPayment).findOneBy({ id: paymentId });
    if (!payment) return null;
    return {
      paymentId: payment.id,
      status: payment.status === 'succeeded' ? 'succeeded' : 'requires_payment_method',
      amountReceivedCents: payment.amountReceivedCents,
      currency: payment.currency,
      orderId: payment.orderId,
      failureCode: null,
    };
  }

  /** What the test card form does: charge the card for the whole amount, or decline it. */
  async confirmTestCard(paymentId: string, cardNumber: string): Promise<Outcome<void>> {
    const card = cardNumber.replace(/[\s-]/g, '');
    if (card === SANDBOX_CARDS.declined) return refuse(UserErrorCode.PAYMENT_DECLINED, SANDBOX_MESSAGES.declined, 'cardNumber');
    if (card !== SANDBOX_CARDS.success) return refuse(UserErrorCode.INVALID_INPUT, SANDBOX_MESSAGES.unknownCard, 'cardNumber');
    const { affected } = await this.dataSource
      .getRepository(SandboxPayment)
      .update({ id: paymentId }, { status: 'succeeded', amountReceivedCents: () => 'amount_cents', updatedAt: new Date() });
    return affected ? succeed(undefined) : refuse(UserErrorCode.NOT_FOUND, SANDBOX_MESSAGES.paymentNotFound, 'paymentId');
  }

  /**
   * Refunds like a card processor: only money that was taken, never more than is left of it,
   * and the same idempotency key gives back the first refund. The payment row is locked, so
   * two refunds at once cannot both take the last of it.
   */
  async refund(request: RefundRequest): Promise<ProviderRefund> {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
      throw new Error(`Invalid refund amount: ${request.amountCents}`);
    }
    return this.dataSource.transaction(async (manager) => {
      const payment = await manager.findOne(SandboxPayment, {
        where: { id: request.paymentId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!payment) throw new RefundRefusedError('resource_missing');
      const previous = await manager.findOneBy(SandboxRefund, { idempotencyKey: request.idempotencyKey });
      if (previous) {
        if (previous.paymentId !== request.paymentId || previous.amountCents !== request.amountCents) {
          throw new Error('idempotency_error: the key was first used for another refund');
        }
        return {
          refundId: previous.id,
          amountCents: previous.amountCents,
          status: 'succeeded',
          reference: null,
          failureReason: null,
        };
      }
      if (payment.status !== 'succeeded') throw new RefundRefusedError('payment_not_succeeded');
      const refunded = await this.refundedCents(manager, payment.id);
      if (refunded >= payment.amountReceivedCents) throw new RefundRefusedError('charge_already_refunded');
      if (refunded + request.amountCents > payment.amountReceivedCents) throw new RefundRefusedError('amount_too_large');
      const refund = manager.create(SandboxRefund, {
        id: `sbx_re_${randomBytes(12).toString('hex')}`,
        paymentId: payment.id,
        idempotencyKey: request.idempotencyKey,
        amountCents: request.amountCents,
      });
      await manager.insert(SandboxRefund, refund);
      return { refundId: refund.id, amountCents: refund.amountCents, status: 'succeeded', reference: null, failureReason: null };
    });
  }

  async listRefunds(paymentId: string): Promise<ProviderRefund[]> {
    const refunds = await this.dataSource
      .getRepository(SandboxRefund)
      .find({ where: { paymentId }, order: { createdAt: 'ASC' } });
    return refunds.map((refund) => ({
      refundId: refund.id,
      amountCents: refund.amountCents,
      status: 'succeeded' as const,
      reference: null,
      failureReason: null,
    }));
  }

  private async refundedCents(manager: EntityManager, paymentId: string): Promise<number> {
    const [row] = await manager.query(
      'SELECT coalesce(sum(amount_cents), 0)::int AS total FROM sandbox_refunds WHERE payment_id = $1',
      [paymentId],
    );
    return Number(row.total);
  }
}
