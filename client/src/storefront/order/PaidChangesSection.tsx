import { useApolloClient, useMutation } from '@apollo/client/react';
import { type FormEvent, useId, useRef, useState, useLayoutEffect } from 'react';
import { Link } from 'react-router-dom';

import type { OrderPageFieldsFragment, OrderPageQuery, PaidOrderChangesInput } from '../../gql/graphql';
import '../../ui/fields.css';
import { formatPrice } from '../../ui/formatPrice';
import type { AddressField } from '../create/order-form-values';
import { type AddressValues, regionCodeIn, ShippingFields } from '../create/ShippingFields';
import { formatWhen, ORDER_MESSAGES } from './order-page-messages';
import { CANCEL_PAID_ORDER_MUTATION, CORRECT_PAID_ORDER_MUTATION, ORDER_PAGE_QUERY } from './order-page-operations';

type Catalogue = OrderPageQuery['catalogue'];

interface PaidChangesSectionProps {
  order: OrderPageFieldsFragment;
  catalogue: Catalogue;
  token: string;
}

interface DetailValues extends AddressValues {
  childName: string;
  childAge: string;
  dedication: string;
}

type DetailField = keyof DetailValues;

function valuesOf(order: OrderPageFieldsFragment, catalogue: Catalogue): DetailValues {
  const address = order.shippingAddress;
  // An order placed before the region lists holds its state as typed: its code when it names one, else to choose again.
  return {
    childName: order.childName ?? '',
    childAge: order.childAge === null || order.childAge === undefined ? '' : String(order.childAge),
    dedication: order.dedication ?? '',
    fullName: address?.fullName ?? '',
    streetAddress: address?.streetAddress ?? '',
    addressLine2: address?.addressLine2 ?? '',
    city: address?.city ?? '',
    state: regionCodeIn(catalogue.shippingDestinations, address?.country ?? '', address?.state ?? ''),
    zipCode: address?.zipCode ?? '',
    country: address?.country ?? '',
    phone: address?.phone ?? '',
  };
}

function inputOf(values: DetailValues, printed: boolean): PaidOrderChangesInput {
  const age = Number(values.childAge.trim());
  return {
    childName: values.childName,
    // The server says what is wrong with an age that is not a whole number.
    childAge: Number.isInteger(age) ? age : -1,
    dedication: values.dedication,
    shippingAddress: printed
      ? {
          fullName: values.fullName,
          streetAddress: values.streetAddress,
          addressLine2: values.addressLine2,
          city: values.city,
          state: values.state,
          zipCode: values.zipCode,
          country: values.country,
          phone: values.phone,
        }
      : null,
  };
}

/** The server names a field by its input path (shippingAddress.zipCode): the form's own name for it. */
const fieldOf = (path: string | null | undefined): DetailField | null => (path ? (path.split('.').pop() as DetailField) : null);

/**
 * A paid book the studio has not started on: the parent may correct the child's name, age and
 * dedication and the address, or cancel it for a full refund, until the time the server gives.
 * After that it says why not, and where to ask instead.
 */
export function PaidChangesSection({ order, catalogue, token }: PaidChangesSectionProps) {
  const titleId = useId();
  const [mode, setMode] = useState<'idle' | 'editing' | 'cancelling'>('idle');
  const [saved, setSaved] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const cancelledRef = useRef<HTMLParagraphElement>(null);
  // Back from the form or the confirmation, focus returns to the button that opened it.
  const [returnFocus, setReturnFocus] = useState<'editing' | 'cancelling' | null>(null);
  const editOpener = useRef<HTMLButtonElement>(null);
  const cancelOpener = useRef<HTMLButtonElement>(null);
  const { changes } = order;

  useLayoutEffect(() => {
    if (returnFocus && mode === 'idle') {
      (returnFocus === 'editing' ? editOpener : cancelOpener).current?.focus();
      setReturnFocus(null);
    }
  }, [returnFocus, mode]);

  useLayoutEffect(() => {
    if (cancelled) cancelledRef.current?.focus();
  }, [cancelled]);

  if (cancelled) {
    return (
      <section className="order-page__card paid-changes" aria-labelledby={titleId}>
        <h2 id={titleId} className="order-page__heading">
          Your order is cancelled
        </h2>
        <p ref={cancelledRef} tabIndex={-1} role="status">
          {ORDER_MESSAGES.cancelled}
        </p>
      </section>
    );
  }
  if (order.status !== 'Paid' || (!changes.open && !changes.whyNot)) return null;

  const close = (didSave: boolean) => {
    setReturnFocus(mode === 'idle' ? null : mode);
    setMode('idle');
    setSaved(didSave);
  };

  return (
    <section className="order-page__card paid-changes" aria-labelledby={titleId}>
      <h2 id={titleId} className="order-page__heading">
        Need to fix something?
      </h2>
      {!changes.open ? (
        <p>
          {changes.whyNot} <Link to="/contact">Open the contact form</Link>
        </p>
      ) : (
        <>
          <p>
            Until our studio starts on the book, and at the latest{' '}
            <time dateTime={changes.until!}>{formatWhen(changes.until!)}</time>, you can correct your child's details and the
            address, or cancel for a full refund.
          </p>
          {/* Mounted before it has anything to say, so a screen reader announces what it then says. */}
          <div role="status">{saved && <p className="order-page__notice">{ORDER_MESSAGES.detailsSaved}</p>}</div>
          {mode === 'idle' && (
            <div className="paid-changes__actions">
              <button
                ref={editOpener}
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setSaved(false);
                  setMode('editing');
                }}
              >
                Correct the details
              </button>
              <button
                ref={cancelOpener}
                type="button"
                className="button button--secondary order-page__danger"
                onClick={() => setMode('cancelling')}
              >
                Cancel and refund
              </button>
            </div>
          )}
          {mode === 'editing' && (
            <CorrectionForm
              order={order}
              catalogue={catalogue}
              token={token}
              onDone={() => close(true)}
              onCancel={() => close(false)}
            />
          )}
          {mode === 'cancelling' && (
            <CancelConfirm order={order} token={token} onKeep={() => close(false)} onCancelled={() => setCancelled(true)} />
          )}
        </>
      )}
    </section>
  );
}

function CorrectionForm({
  order,
  catalogue,
  token,
  onDone,
  onCancel,
}: PaidChangesSectionProps & { onDone(): void; onCancel(): void }) {
  const errorId = useId();
  const [values, setValues] = useState(() => valuesOf(order, catalogue));
  const [problem, setProblem] = useState<{ message: string; field: DetailField | null } | null>(null);
  const [correct, { loading }] = useMutation(CORRECT_PAID_ORDER_MUTATION);
  const client = useApolloClient();
  const formRef = useRef<HTMLFormElement>(null);
  const printed = order.bookFormat === 'printed';
  const { limits } = catalogue;

  useLayoutEffect(() => {
    (formRef.current?.elements.namedItem('childName') as HTMLInputElement | null)?.focus();
  }, []);

  useLayoutEffect(() => {
    if (!problem) return;
    const target = problem.field ? formRef.current?.elements.namedItem(problem.field) : null;
    if (target instanceof HTMLElement) target.focus();
  }, [problem]);

  const update = (field: DetailField, value: string) => setValues((current) => ({ ...current, [field]: value }));
  const aria = (field: DetailField) =>
    problem?.field === field ? ({ 'aria-invalid': true, 'aria-describedby': errorId } as const) : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    try {
      const { data, error } = await correct({ variables: { token, input: inputOf(values, printed) } });
      const payload = data?.correctPaidOrder;
      if (error || !payload) return setProblem({ message: ORDER_MESSAGES.genericError, field: null });
      const refused = payload.userErrors[0];
      if (refused?.code === 'WRONG_STATUS') {
        // The window closed meanwhile: the page says why, in place of the form.
        await client.refetchQueries({ include: [ORDER_PAGE_QUERY] });
        return onCancel();
      }
      if (refused) return setProblem({ message: refused.message, field: fieldOf(refused.field) });
      onDone();
    } catch {
      setProblem({ message: ORDER_MESSAGES.genericError, field: null });
    }
  }

  return (
    <form ref={formRef} className="paid-changes__form" noValidate onSubmit={submit} aria-label="Correct the details">
      {problem && (
        <p id={errorId} className="order-page__error" role="alert">
          {problem.message}
        </p>
      )}
      <div className="field-grid">
        <div className="field">
          <label className="field__label" htmlFor="fix-child-name">
            Child's name
          </label>
          <input
            id="fix-child-name"
            name="childName"
            className="field__control"
            maxLength={limits.childNameMaxLength}
            required
            value={values.childName}
            onChange={(event) => update('childName', event.target.value)}
            {...aria('childName')}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="fix-child-age">
            Age
          </label>
          <input
            id="fix-child-age"
            name="childAge"
            className="field__control"
            type="number"
            inputMode="numeric"
            min={limits.minChildAge}
            max={limits.maxChildAge}
            required
            value={values.childAge}
            onChange={(event) => update('childAge', event.target.value)}
            {...aria('childAge')}
          />
        </div>
        <div className="field field--full">
          <label className="field__label" htmlFor="fix-dedication">
            Dedication (optional)
          </label>
          <textarea
            id="fix-dedication"
            name="dedication"
            className="field__control field__control--textarea"
            maxLength={limits.dedicationMaxLength}
            value={values.dedication}
            onChange={(event) => update('dedication', event.target.value)}
            {...aria('dedication')}
          />
        </div>
      </div>
      {printed && (
        <ShippingFields
          values={values}
          update={(field: AddressField, value: string) => update(field, value)}
          catalogue={catalogue}
          invalidFields={problem?.field ? [problem.field] : []}
          errorId={errorId}
        />
      )}
      <div className="paid-changes__actions">
        <button type="submit" className="button button--primary" aria-disabled={loading}>
          {loading ? 'Saving…' : 'Save the changes'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Keep it as it was
        </button>
      </div>
    </form>
  );
}

function CancelConfirm({
  order,
  token,
  onKeep,
  onCancelled,
}: {
  order: OrderPageFieldsFragment;
  token: string;
  onKeep(): void;
  onCancelled(): void;
}) {
  const client = useApolloClient();
  const textId = useId();
  const textRef = useRef<HTMLParagraphElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [cancel, { loading }] = useMutation(CANCEL_PAID_ORDER_MUTATION);

  useLayoutEffect(() => textRef.current?.focus(), []);

  async function confirm() {
    if (loading) return;
    setProblem(null);
    try {
      const { data, error } = await cancel({ variables: { token } });
      const payload = data?.cancelPaidOrder;
      if (error || !payload) return setProblem(ORDER_MESSAGES.genericError);
      const refused = payload.userErrors[0];
      if (refused?.code === 'WRONG_STATUS') {
        await client.refetchQueries({ include: [ORDER_PAGE_QUERY] });
        return onKeep();
      }
      if (refused) return setProblem(refused.message);
      // Refunded at once; or the refund waits at the provider, and the page says so in the section.
      if (payload.order?.status === 'Refunded') onCancelled();
    } catch {
      setProblem(ORDER_MESSAGES.genericError);
    }
  }

  const amount = order.refunds.length === 0 ? formatPrice(order.amountCents, order.currency) : 'what is left of your payment';

  return (
    <div className="paid-changes__confirm" role="group" aria-labelledby={textId}>
      <p id={textId} ref={textRef} tabIndex={-1}>
        Cancel {order.childName ? `${order.childName}'s book` : 'this book'}? We refund {amount} the way you paid, and e-mail you
        when it is on its way back.
      </p>
      {problem && (
        <p className="order-page__error" role="alert">
          {problem}
        </p>
      )}
      <div className="paid-changes__actions">
        <button
          type="button"
          className="button button--primary order-page__danger-confirm"
          aria-disabled={loading}
          onClick={confirm}
        >
          {loading ? 'Cancelling…' : 'Yes, cancel and refund'}
        </button>
        <button type="button" className="button button--secondary" onClick={onKeep}>
          Keep my order
        </button>
      </div>
    </div>
  );
}
