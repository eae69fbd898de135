/**
 * The parent's private order page and what the parent may do from it: answer a proof, ask for a
 * change, delete the child's data, renew the link. Every entry point is opened by one of the
 * order's live access tokens; the page alone also opens with a live delivery link of the older
 * `/video/{token}` kind.
 */
import { paidChangeWindowOf } from './paid-order-window';
import type { ReceiptLinks } from '../orders/receipt-links';
import { isUuid } from '../common/uuid';
import { type DataSource, type EntityManager, In, IsNull, MoreThan } from 'typeorm';
import { FAMILY_DISCOUNT, lessonLabel, planFor } from '../catalogue/catalogue';
import type { Logger } from '../common/logger';
import { sha256Hex } from '../common/tokens';
import { type Outcome, refusal, refuse, succeed, UserErrorCode } from '../common/user-error';
import { OrderDelivery } from '../delivery/order-delivery.entity';
import { VideoLink } from '../delivery/video-link.entity';
import { PROVIDER_REASONS, sumCents } from '../payments/refund.service';
import { trackingUrl } from '../orders/tracking';
import type { OutboxService } from '../mail/outbox.service';
import { childDataDeletedOutboxEmail } from '../mail/templates/child-data-deleted';
import { redactChildData } from './child-data-redaction';
import { orderLinkRenewedOutboxEmail } from '../mail/templates/order-link-renewed';
import { mediaContentType } from '../media/content-type';
import type { MediaSigner } from '../media/signed-url';
import type { Storage } from '../media/storage';
import { Refund } from '../payments/refund.entity';
import { CHANGE_REQUESTED_EVENT, changeWindow } from './change-request';
import type { ChangeRequestService } from './change-request.service';
import { mintOrderToken, type OrderLinks, orderForToken, revokeOrderTokens } from '../orders/order-access';
import { OrderEvent } from '../orders/order-event.entity';
import { Order } from '../orders/order.entity';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import type { OrderPage, OrderReceipt } from './order-page.types';
import { isDelivered, OrderStatus } from '../orders/order-status';
import { CHILD_DATA_DELETED_EVENT, ORDER_LINK_RENEWED_EVENT, orderTimeline } from './order-timeline';
import { giftDeliveryState } from './gift-delivery-state';
import { shippingIncluded } from '../checkout/order.service';
import { orderReference } from '../orders/order-format';
import { blankedBook, checkoutIdOf, isCheckoutLead, lockAddedPendingBooks } from '../orders/checkout-books';
import { CUSTOMER } from '../orders/actor';
import { lockExistingOrder } from '../orders/order-lock';
import { firstInputError } from '../common/input-validation';
import { ChangeRequestInput } from './change-request.input';
import { proofReview } from '../proofs/proof.types';
import { ProofStatus } from '../proofs/proof-status';
import { inProofWindow, latestProof, releaseProofFiles, type ProofsService } from '../proofs/proofs.service';
import { releasePrintFiles } from '../printing/printing.service';
import { OrderDiscount } from '../discounts/order-discount.entity';
import { bookFileName, downloadUrl } from '../media/download-name';

export const ORDER_PAGE_MESSAGES = {
  notFound: 'This link does not open an order. It may have been replaced by a newer one: ask for your links again.',
  childDataDeleted: "Your child's details were deleted, so the book can no longer be changed.",
  deleteFailed: "We could not delete your child's data just now. Nothing was lost; please try again.",
} as const;

/** A refund whose money has reached the parent (not one pending, failed or cancelled). */
const hasGoneBack = (refund: Refund) => refund.status === 'succeeded';

/** The books one payment paid, the checkout's first order first. */
async function paidTogether(manager: EntityManager, order: Order): Promise<Order[]> {
  const books = await manager.find(Order, { where: { paymentId: order.paymentId! }, order: { createdAt: 'ASC', id: 'ASC' } });
  const first = checkoutIdOf(order);
  return books.sort((a, b) => Number(b.id === first) - Number(a.id === first));
}

/** How each payment provider's payments read on a receipt. */
const PAID_WITH: Record<string, string> = {
  stripe: 'Card, through Stripe',
  paypal: 'PayPal',
  sandbox: 'Test card (the offline sandbox)',
};

export interface OrderPageOptions {
  publicUrl: string;
  /** The order's e-mailed link. */
  links: OrderLinks;
  /** The shop as its receipts name it: SHOP_NAME, and SHOP_ADDRESS a line each. */
  shop: { name: string; addressLines: string[] };
  /** The receipts' own links, which open a receipt and nothing else. */
  receiptLinks: ReceiptLinks;
  /** How long the photo, watch and download links on the page work. */
  mediaTtlSeconds: number;
}

export class OrderPageService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: Storage,
    private readonly lifecycle: OrderLifecycle,
    private readonly outbox: OutboxService,
    private readonly signer: MediaSigner,
    private readonly changeRequests: ChangeRequestService,
    private readonly proofs: ProofsService,
    private readonly logger: Logger,
    private readonly options: OrderPageOptions,
  ) {}

  /** The page for a live access token, or for a live delivery link; null for anything else. */
  async orderPage(token: string, now = new Date()): Promise<OrderPage | null> {
    const manager = this.dataSource.manager;
    const order = await orderForToken(manager, token);
    if (order) return this.page(manager, order, true, now);
    const viaVideoLink = await this.orderForVideoLink(token, now);
    return viaVideoLink ? this.page(manager, viaVideoLink, false, now) : null;
  }

  /** A request for a change to the delivered book (one free round within 7 days), recorded and e-mailed to the staff. */
  requestOrderChange(token: string, message: string, now = new Date()): Promise<Outcome<OrderPage>> {
    return this.answerFromPage(token, now, (order) =>
      order.childDataDeletedAt
        ? Promise.resolve(refuse(UserErrorCode.WRONG_STATUS, ORDER_PAGE_MESSAGES.childDataDeleted, 'status'))
        : this.changeRequests.recordChangeRequest(order.id, message, CUSTOMER, now),
    );
  }

  /** The parent approves proof `version` of the book, the one they looked at. */
  approveProof(token: string, version: number, now = new Date()): Promise<Outcome<OrderPage>> {
    return this.answerFromPage(token, now, (order) => this.proofs.approve(order.id, version));
  }

  /** The parent asks for changes to proof `version`, in the words (and limits) of a change request. */
  async requestProofChanges(token: string, version: number, message: string, now = new Date()): Promise<Outcome<OrderPage>> {
    const input = new ChangeRequestInput(message);
    const invalid = firstInputError(input);
    if (invalid) return refusal(invalid);
    return this.answerFromPage(token, now, (order) => this.proofs.requestChanges(order.id, version, input.message));
  }

  /** What the parent does from the page of a live token: `act` on its order, then the page as it now is. */
  private async answerFromPage(
    token: string,
    now: Date,
    act: (order: Order) => Promise<Outcome<unknown>>,
  ): Promise<Outcome<OrderPage>> {
    const order = await orderForToken(this.dataSource.manager, token);
    if (!order) return refuse(UserErrorCode.NOT_FOUND, ORDER_PAGE_MESSAGES.notFound, 'token');
    const done = await act(order);
    if (!done.ok) return done;
    return succeed(await this.reload(order.id, true, now));
  }

  /**
   * Deletes the child's photo and every delivered file from storage at once (just after the
   * commit; the sweep of unreferenced files retries any that fails), blanks the child's
   * name, age, story idea, dedication, gift message and the shipping address, and keeps what the accounts need
   * (reference, amount, dates, payment id, e-mail, status). A Pending order is cancelled too: no
   * book can be made without the photo. Records `child_data_deleted` and e-mails a confirmation.
   * Doing it again changes nothing.
   */
  async deleteChildData(token: string, now = new Date()): Promise<Outcome<OrderPage>> {
    const found = await orderForToken(this.dataSource.manager, token);
    if (!found) return refuse(UserErrorCode.NOT_FOUND, ORDER_PAGE_MESSAGES.notFound, 'token');
    try {
      const deletedKeys = await this.dataSource.transaction(async (manager) => {
        const order = await lockExistingOrder(manager, found.id);
        if (order.childDataDeletedAt) return null;
        // The books added to an unpaid checkout go with it, locked before anything changes (checkoutBooks says why).
        const books =
          order.status === OrderStatus.Pending && isCheckoutLead(order) ? await lockAddedPendingBooks(manager, order) : [];
        const versions = await manager.find(OrderDelivery, { where: { orderId: order.id, filesRemovedAt: IsNull() } });
        const keys = [
          ...new Set(
            [order.photoKey, order.videoKey, order.pdfKey, ...versions.flatMap((v) => [v.videoKey, v.pdfKey])].filter(
              (key): key is string => Boolean(key),
            ),
          ),
        ];
        keys.push(...(await releaseProofFiles(manager, order.id, now)));
        keys.push(...(await releasePrintFiles(manager, order.id)));
        if (order.status === OrderStatus.Pending) {
          await this.lifecycle.transition(manager, order.id, { to: OrderStatus.Cancelled, actor: CUSTOMER });
          // The books added to this checkout are paid through it: they go with it, and so does what they knew of the children.
          for (const book of books) {
            await this.lifecycle.transition(manager, book.id, {
              to: OrderStatus.Cancelled,
              actor: CUSTOMER,
              data: { reason: 'cancelled with the first order of its checkout' },
            });
            if (book.photoKey) keys.push(book.photoKey);
            await manager.update(Order, { id: book.id }, blankedBook(now));
          }
        }
        // The e-mails about the order and its history lose the details too, before the columns that name them are blanked.
        await redactChildData(manager, order);
        await manager.update(Order, { id: order.id }, { ...blankedBook(now), videoKey: null, pdfKey: null });
        await manager.update(OrderDelivery, { orderId: order.id, filesRemovedAt: IsNull() }, { filesRemovedAt: now });
        await this.lifecycle.recordEvent(manager, {
          orderId: order.id,
          type: CHILD_DATA_DELETED_EVENT,
          fromStatus: null,
          toStatus: null,
          actor: CUSTOMER,
          data: { files: keys.length },
        });
        const link = await this.options.links.emailLink(manager, order.id);
        await this.outbox.enqueue(
          manager,
          childDataDeletedOutboxEmail(order, { publicUrl: this.options.publicUrl, orderUrl: link.url }),
        );
        return keys;
      });
      if (deletedKeys) {
        // After the commit, so no row ever points at a file already gone. A file that cannot be
        // deleted now is referenced by nothing, and the hourly sweep of unreferenced files takes it.
        for (const key of deletedKeys) {
          await this.storage.delete(key).catch((error: unknown) => {
            this.logger.warn("a deleted child's file is left for the sweep", { error, orderId: found.id, key });
          });
        }
        this.logger.info("child's data deleted at the parent's request", { orderId: found.id, files: deletedKeys.length });
      }
    } catch (error) {
      this.logger.error("deleting the child's data failed", { error, orderId: found.id });
      return refuse(UserErrorCode.INTERNAL_FAILURE, ORDER_PAGE_MESSAGES.deleteFailed);
    }
    return succeed(await this.reload(found.id, true, now));
  }

  /** Revokes every link to the order (e-mailed ones too) and hands back a new one; also e-mails a new link. */
  async renewOrderLink(token: string): Promise<Outcome<string>> {
    const renewed = await this.dataSource.transaction(async (manager) => {
      const order = await orderForToken(manager, token, true);
      if (!order) return null;
      await revokeOrderTokens(manager, order.id);
      await manager.update(VideoLink, { orderId: order.id, expiresAt: MoreThan(new Date()) }, { expiresAt: new Date() });
      const fresh = await mintOrderToken(manager, order.id);
      const emailed = await this.options.links.emailLink(manager, order.id);
      await this.lifecycle.recordEvent(manager, {
        orderId: order.id,
        type: ORDER_LINK_RENEWED_EVENT,
        fromStatus: null,
        toStatus: null,
        actor: CUSTOMER,
        data: {},
      });
      await this.outbox.enqueue(
        manager,
        orderLinkRenewedOutboxEmail(order, emailed.id, { publicUrl: this.options.publicUrl, orderUrl: emailed.url }),
      );
      return { orderId: order.id, token: fresh.token };
    });
    if (!renewed) return refuse(UserErrorCode.NOT_FOUND, ORDER_PAGE_MESSAGES.notFound, 'token');
    this.logger.info('order link renewed', { orderId: renewed.orderId });
    return succeed(renewed.token);
  }

  /** The address of an order's page for a token. */
  pageUrl(token: string): string {
    return this.options.links.pageUrl(token);
  }

  private async orderForVideoLink(token: string, now: Date): Promise<Order | null> {
    if (typeof token !== 'string' || !token || token.length > 100) return null;
    const link = await this.dataSource.getRepository(VideoLink).findOne({
      where: { tokenHash: sha256Hex(token), expiresAt: MoreThan(now) },
      relations: { order: true },
    });
    return link?.order ?? null;
  }

  private async reload(orderId: string, canPayWithToken: boolean, now: Date): Promise<OrderPage> {
    const manager = this.dataSource.manager;
    return this.page(manager, await manager.findOneByOrFail(Order, { id: orderId }), canPayWithToken, now);
  }

  /** The receipt its own link opens: null for a signature that is not the order's, or an order not paid. */
  async receiptFor(orderId: string, signature: string): Promise<OrderReceipt | null> {
    if (!isUuid(orderId) || !this.options.receiptLinks.verify(orderId, signature)) return null;
    const order = await this.dataSource.manager.findOneBy(Order, { id: orderId });
    if (!order?.paidAt) return null;
    const [refunds, discount] = await Promise.all([
      this.dataSource.manager.find(Refund, { where: { orderId }, order: { createdAt: 'ASC', id: 'ASC' } }),
      this.dataSource.manager.findOneBy(OrderDiscount, { orderId }),
    ]);
    return this.receipt(this.dataSource.manager, order, order.paidAt, refunds.filter(hasGoneBack), discount);
  }

  /**
   * What the parent paid for and how, from the order as it was sold (the catalogue's plan, the
   * charged amount): for a book paid with others in one checkout, the whole payment, every book a
   * line at the catalogue's price, then the family discount and any codes.
   * `returned`: the order's refunds that have gone back (succeeded), oldest first; `discount`: its code, if any.
   */
  private async receipt(
    manager: EntityManager,
    order: Order,
    paidAt: Date,
    returned: Refund[],
    discount: OrderDiscount | null,
  ): Promise<OrderReceipt> {
    const together = order.checkoutId && order.paymentId ? await paidTogether(manager, order) : null;
    // A book that goes to another address than the payer's (a cousin's) has a receipt of its own share.
    if (!together || together[0]!.email !== order.email)
      return this.receiptOf([{ book: order, discount }], order, paidAt, returned);
    const ids = together.map((book) => book.id);
    const [discounts, refunds] = await Promise.all([
      manager.find(OrderDiscount, { where: { orderId: In(ids) } }),
      manager.find(Refund, { where: { orderId: In(ids) }, order: { createdAt: 'ASC', id: 'ASC' } }),
    ]);
    const books = together.map((book) => ({
      book,
      discount: discounts.find((each) => each.orderId === book.id) ?? null,
    }));
    return this.receiptOf(books, together[0]!, paidAt, refunds.filter(hasGoneBack));
  }

  private receiptOf(
    books: Array<{ book: Order; discount: OrderDiscount | null }>,
    first: Order,
    paidAt: Date,
    returned: Refund[],
  ): OrderReceipt {
    const several = books.length > 1;
    const line = (book: Order, amountCents: number) => {
      const starring = book.childName ? `, starring ${book.childName}` : '';
      const shipping = shippingIncluded(book.bookFormat) ? ' (shipping included)' : '';
      return { description: `${planFor(book.bookFormat).title}: ${lessonLabel(book.moral)}${starring}${shipping}`, amountCents };
    };
    // Each book at its price before a code: the catalogue's, less the family discount when there are several.
    const beforeCodes = books.map(({ book, discount }) => book.amountCents + (discount?.amountCents ?? 0));
    const listCents = books.map(({ book }) => planFor(book.bookFormat).priceCents);
    const familyCents = listCents.reduce((sum, cents) => sum + cents, 0) - beforeCodes.reduce((sum, cents) => sum + cents, 0);
    return {
      number: orderReference(first.id),
      paidAt,
      shopName: this.options.shop.name,
      shopAddress: this.options.shop.addressLines,
      billedTo: first.email,
      lines: [
        ...books.map(({ book }, index) => line(book, several ? listCents[index]! : beforeCodes[index]!)),
        ...(several && familyCents > 0
          ? [{ description: `Family discount (${FAMILY_DISCOUNT.percentOff}% off every book)`, amountCents: -familyCents }]
          : []),
        ...books.flatMap(({ discount }) =>
          discount ? [{ description: `Discount code ${discount.code}`, amountCents: -discount.amountCents }] : [],
        ),
      ],
      totalCents: books.reduce((sum, { book }) => sum + book.amountCents, 0),
      currency: first.currency,
      paidWith: PAID_WITH[first.paymentProvider ?? ''] ?? 'Card',
      refundedCents: sumCents(returned),
      refunds: returned.map((refund) => ({ amountCents: refund.amountCents, refundedAt: refund.updatedAt })),
    };
  }

  private async page(manager: EntityManager, order: Order, accessToken: boolean, now: Date): Promise<OrderPage> {
    const [events, refunds, latest, proof, discount, gift] = await Promise.all([
      manager.find(OrderEvent, { where: { orderId: order.id }, order: { createdAt: 'ASC', id: 'ASC' } }),
      manager.find(Refund, { where: { orderId: order.id }, order: { createdAt: 'ASC', id: 'ASC' } }),
      manager.findOne(OrderDelivery, { where: { orderId: order.id }, order: { version: 'DESC' } }),
      latestProof(manager, order.id),
      manager.findOneBy(OrderDiscount, { orderId: order.id }),
      giftDeliveryState(manager, order),
    ]);
    const delivered = isDelivered(order.status) && order.completedAt !== null;
    const window = changeWindow(order, now);
    const changeRequests = events
      .filter((event) => event.type === CHANGE_REQUESTED_EVENT)
      .map((event) => ({
        message: typeof event.data.message === 'string' ? event.data.message : '',
        requestedAt: event.createdAt,
      }));
    const ttl = this.options.mediaTtlSeconds;
    const watchUrl = delivered && order.videoKey ? this.signer.url(order.videoKey, ttl) : null;
    const fileName = bookFileName(order.childName, lessonLabel(order.moral));
    const pdfReadUrl = delivered && order.pdfKey ? this.signer.url(order.pdfKey, ttl) : null;
    const deleted = order.childDataDeletedAt !== null;
    const returned = refunds.filter(hasGoneBack);
    // Never through a delivery link: only the order page's own link may change or cancel the book.
    const changes = accessToken ? await paidChangeWindowOf(manager, order, now) : { open: false, until: null, whyNot: null };

    return {
      id: order.id,
      reference: orderReference(order.id),
      status: order.status,
      childName: order.childName,
      childAge: order.childAge,
      moral: order.moral,
      storyIdea: deleted ? null : order.storyIdea || null,
      dedication: order.dedication,
      giftMessage: order.giftMessage,
      giftDelivery: gift && {
        date: order.giftDeliveryDate,
        sendAt: order.giftSendAt,
        emailedAt: gift.emailedAt,
        // Only through the order page's own link, like every change.
        canChange: accessToken && gift.canChange,
      },
      bookFormat: order.bookFormat,
      bookStyle: order.bookStyle,
      title: planFor(order.bookFormat).title,
      email: order.email,
      shippingAddress: order.shippingAddress,
      amountCents: order.amountCents,
      currency: order.currency,
      shippingIncluded: shippingIncluded(order.bookFormat),
      createdAt: order.createdAt,
      photoUrl: order.photoKey ? this.signer.url(order.photoKey) : null,
      timeline: orderTimeline(events, order.currency),
      delivery:
        delivered && (order.videoKey || order.pdfKey)
          ? {
              version: latest?.version ?? 1,
              deliveredAt: latest?.createdAt ?? order.completedAt!,
              watchUrl,
              videoDownloadUrl: watchUrl ? downloadUrl(watchUrl, fileName) : null,
              pdfUrl: pdfReadUrl ? downloadUrl(pdfReadUrl, fileName) : null,
              pdfReadUrl,
              contentType: order.videoKey ? mediaContentType(order.videoKey) : null,
            }
          : null,
      shipment:
        order.shippedAt && order.shippingCarrier && order.trackingNumber
          ? {
              carrier: order.shippingCarrier,
              trackingNumber: order.trackingNumber,
              trackingUrl: trackingUrl(order.shippingCarrier, order.trackingNumber),
              shippedAt: order.shippedAt,
            }
          : null,
      // Only money that has gone back: a refund still pending or one that failed is not the parent's yet.
      refunds: returned.map((refund) => ({
        amountCents: refund.amountCents,
        refundedAt: refund.updatedAt,
        reason: refund.actor.startsWith('admin:') ? refund.reason : (PROVIDER_REASONS[refund.reason ?? ''] ?? null),
      })),
      canRequestChange: window.open && !deleted && changeRequests.length === 0,
      changeRequestDeadline: window.until,
      changeRequests,
      childDataDeleted: deleted,
      canPay: accessToken && order.status === OrderStatus.Pending && !deleted,
      proof: proof && !deleted ? proofReview(proof, this.signer, ttl) : null,
      canAnswerProof: accessToken && !deleted && inProofWindow(order) && proof?.status === ProofStatus.AWAITING_ANSWER,
      changes,
      receipt: order.paidAt ? await this.receipt(manager, order, order.paidAt, returned, discount) : null,
      receiptUrl: order.paidAt ? this.options.receiptLinks.path(order.id) : null,
    };
  }
}
