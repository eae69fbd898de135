import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { trackInitiateCheckout } from '../../analytics/pixel';
import { useApolloClientLater } from '../../apollo-later';
import { type AddingBook, saveCheckout, stopAddingBook } from '../checkout-session';
import { PaymentPage } from '../payment/lazy-payment-page';
import type { DraftOrderLink } from './draft/draft-store';
import { CREATE_ORDER_MUTATION, DRAFT_ORDER_STATUS_QUERY, UPDATE_PENDING_ORDER_MUTATION } from './order-form-operations';
import type { OrderFormField, OrderFormValues } from './order-form-values';
import { toCreateOrderInput } from './to-create-order-input';

export const GENERIC_ERROR = 'An error occurred. Please try again.';

/** Spec: the overlay stays up for 500 ms before the browser moves on to payment. */
export const REDIRECT_DELAY_MS = 500;

export type SubmitStatus = 'idle' | 'submitting' | 'redirecting';

export interface SubmitFailure {
  message: string;
  field: OrderFormField | null;
}

/** What the draft knows when the form is sent again, and how to tell it what happened. */
export interface SubmitDraft {
  /** The Pending order this draft already created, if any. */
  link: DraftOrderLink | null;
  /** The version of the photo now on the form. */
  photoVersion: number;
  /** Remembers (or, with null, forgets) the draft's order; resolves once stored. */
  onLinked: (link: DraftOrderLink | null) => Promise<void>;
  /** The draft's order was paid meanwhile: the draft has done its job. */
  onPaidElsewhere: () => Promise<void>;
}

// The server names fields by their input path (e.g. shippingAddress.city).
function formFieldOf(path: string | null | undefined): OrderFormField | null {
  const field = path?.split('.').pop();
  const known: OrderFormField[] = [
    'childPhoto',
    'childName',
    'childAge',
    'storyIdea',
    'dedication',
    'moral',
    'bookFormat',
    'bookStyle',
    'email',
    'fullName',
    'streetAddress',
    'addressLine2',
    'city',
    'state',
    'zipCode',
    'country',
    'phone',
    'giftMessage',
    'giftDeliveryDate',
  ];
  return known.find((name) => name === field) ?? null;
}

export function paymentUrl(orderId: string, amountCents: number, format: string): string {
  const params = new URLSearchParams({ orderId, amount: String(amountCents / 100), format });
  return `/payment?${params.toString()}`;
}

type PayloadOrder = { id: string; amountCents: number; currency: string; bookFormat: string };

/** The photo to send, downsized once per chosen photo (the module loads only when needed). */
async function downsized(photo: File): Promise<File> {
  const { downsizePhoto } = await import('./downsize-photo');
  return downsizePhoto(photo);
}

/**
 * Sends the order (photo included, one multipart request), then hands over to payment. When
 * the draft already has a Pending order, that order is updated (or reused as it is when
 * nothing changed) instead of creating another. Resolves with the reason it failed, or null
 * once the browser is on its way.
 */
export function useSubmitOrder() {
  const navigate = useNavigate();
  // Apollo Client is not part of the form's first load: it comes when the parent starts on the
  // form (below), long before the form is sent.
  const apollo = useApolloClientLater();
  const [status, setStatus] = useState<SubmitStatus>('idle');
  // State updates are not synchronous: a ref stops a double click from sending twice.
  const busy = useRef(false);
  const redirectTimer = useRef<number | undefined>(undefined);
  const smallPhoto = useRef<{ original: File; sent: File } | null>(null);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  useEffect(() => {
    const startOnForm = () => {
      stop();
      void apollo().catch(() => undefined); // asked for again, and its failure shown, on sending
    };
    const stop = () => {
      document.removeEventListener('focusin', startOnForm);
      document.removeEventListener('pointerdown', startOnForm);
    };
    document.addEventListener('focusin', startOnForm);
    document.addEventListener('pointerdown', startOnForm);
    return stop;
  }, [apollo]);

  // Back to the form while it is still on screen, its way to the payment page started: it must
  // not stay stuck on 'Processing...'.
  useEffect(() => {
    const backHere = () => {
      window.clearTimeout(redirectTimer.current);
      busy.current = false;
      setStatus('idle');
    };
    window.addEventListener('popstate', backHere);
    return () => window.removeEventListener('popstate', backHere);
  }, []);

  async function photoToSend(photo: File): Promise<File> {
    if (smallPhoto.current?.original !== photo) smallPhoto.current = { original: photo, sent: await downsized(photo) };
    return smallPhoto.current.sent;
  }

  function goToPayment(link: DraftOrderLink) {
    // The payment page's code loads during the overlay, so it shows the moment it is opened.
    PaymentPage.load().catch(() => undefined);
    saveCheckout({ orderId: link.orderId, checkoutToken: link.checkoutToken });
    setStatus('redirecting');
    redirectTimer.current = window.setTimeout(
      () => navigate(paymentUrl(link.orderId, link.amountCents, link.bookFormat)),
      REDIRECT_DELAY_MS,
    );
  }

  /** Pending, paid (or later), or gone (cancelled, or the token no longer opens it). */
  async function standing(link: DraftOrderLink): Promise<'pending' | 'paid' | 'gone' | 'unknown'> {
    try {
      const client = await apollo();
      const { data } = await client.query({
        query: DRAFT_ORDER_STATUS_QUERY,
        variables: { orderId: link.orderId, checkoutToken: link.checkoutToken },
        fetchPolicy: 'network-only',
      });
      const orderStatus = data?.checkoutOrder?.status;
      if (!data) return 'unknown';
      if (!orderStatus || orderStatus === 'Cancelled') return 'gone';
      return orderStatus === 'Pending' ? 'pending' : 'paid';
    } catch {
      return 'unknown';
    }
  }

  /** A book added to this tab's checkout: made, then back to the checkout's payment page. */
  async function addBook(input: ReturnType<typeof toCreateOrderInput>, photo: File, adding: AddingBook) {
    const client = await apollo();
    const { data, error } = await client.mutate({
      mutation: CREATE_ORDER_MUTATION,
      variables: { input, childPhoto: await photoToSend(photo), addTo: adding.addTo },
    });
    if (error || !data) return { message: GENERIC_ERROR, field: null };
    const { orderId, order, userErrors } = data.createOrder;
    const refusal = userErrors[0];
    if (refusal) return { message: refusal.message, field: formFieldOf(refusal.field) };
    if (!orderId || !order) return { message: GENERIC_ERROR, field: null };
    stopAddingBook();
    PaymentPage.load().catch(() => undefined);
    setStatus('redirecting');
    // In place of the form: Back from the payment page does not open the form again for a book already made.
    redirectTimer.current = window.setTimeout(() => navigate(adding.returnTo, { replace: true }), REDIRECT_DELAY_MS);
    return null;
  }

  async function submit(
    values: OrderFormValues,
    draft: SubmitDraft,
    adding: AddingBook | null = null,
  ): Promise<SubmitFailure | null> {
    const photo = values.childPhoto;
    if (busy.current || !photo) return null;
    busy.current = true;
    setStatus('submitting');

    const fail = (failure: SubmitFailure) => {
      busy.current = false;
      setStatus('idle');
      return failure;
    };

    const input = toCreateOrderInput(values);
    const sentInput = JSON.stringify(input);
    const linkFrom = (orderId: string, checkoutToken: string, order: PayloadOrder): DraftOrderLink => ({
      orderId,
      checkoutToken,
      amountCents: order.amountCents,
      bookFormat: order.bookFormat,
      sentInput,
      sentPhotoVersion: draft.photoVersion,
    });

    try {
      if (adding) {
        const failure = await addBook(input, photo, adding);
        return failure ? fail(failure) : null;
      }
      const link = draft.link;
      if (link) {
        const photoChanged = link.sentPhotoVersion !== draft.photoVersion;
        // Nothing changed since the order was made: pay for it as it is, no request.
        if (!photoChanged && link.sentInput === sentInput) {
          goToPayment(link);
          return null;
        }
        const client = await apollo();
        const { data, error } = await client.mutate({
          mutation: UPDATE_PENDING_ORDER_MUTATION,
          variables: {
            orderId: link.orderId,
            checkoutToken: link.checkoutToken,
            input,
            childPhoto: photoChanged ? await photoToSend(photo) : null,
          },
        });
        if (error || !data) return fail({ message: GENERIC_ERROR, field: null });
        const { order, userErrors } = data.updatePendingOrder;
        const refusal = userErrors[0];
        if (refusal && (refusal.code === 'WRONG_STATUS' || refusal.code === 'NOT_FOUND')) {
          const where = await standing(link);
          if (where === 'paid') {
            await draft.onPaidElsewhere();
            navigate(`/order/${encodeURIComponent(link.checkoutToken)}`);
            return null;
          }
          if (where !== 'gone') return fail({ message: refusal.message, field: null });
          // Cancelled (or no longer ours): forget it and make a new order below.
          await draft.onLinked(null);
        } else if (refusal) {
          return fail({ message: refusal.message, field: formFieldOf(refusal.field) });
        } else if (!order) {
          return fail({ message: GENERIC_ERROR, field: null });
        } else {
          const updated = linkFrom(link.orderId, link.checkoutToken, order);
          await draft.onLinked(updated);
          goToPayment(updated);
          return null;
        }
      }

      const client = await apollo();
      const { data, error } = await client.mutate({
        mutation: CREATE_ORDER_MUTATION,
        variables: { input, childPhoto: await photoToSend(photo) },
      });
      if (error || !data) return fail({ message: GENERIC_ERROR, field: null });
      const { orderId, checkoutToken, order, userErrors } = data.createOrder;
      const refusal = userErrors[0];
      if (refusal) return fail({ message: refusal.message, field: formFieldOf(refusal.field) });
      if (!orderId || !checkoutToken || !order) return fail({ message: GENERIC_ERROR, field: null });

      const created = linkFrom(orderId, checkoutToken, order);
      await draft.onLinked(created);
      // A no-op unless the shop has a pixel and the visitor accepted cookies.
      trackInitiateCheckout({
        value: order.amountCents / 100,
        currency: order.currency,
        contentIds: [order.bookFormat],
        orderId,
      });
      goToPayment(created);
      return null;
    } catch {
      // Network failures and GraphQL errors: nothing the parent can act on but a retry.
      return fail({ message: GENERIC_ERROR, field: null });
    }
  }

  return { submit, status, busy: status !== 'idle' };
}
