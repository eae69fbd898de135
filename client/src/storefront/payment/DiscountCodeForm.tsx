import { useMutation } from '@apollo/client/react';
import { type FormEvent, useId, useRef, useState, useLayoutEffect } from 'react';

import { formatPrice } from '../../ui/formatPrice';
import { APPLY_DISCOUNT_CODE_MUTATION, REMOVE_DISCOUNT_CODE_MUTATION } from './payment-operations';

export const DISCOUNT_FORM_MESSAGES = {
  enter: 'Please enter a discount code.',
  failed: 'We could not check that code. Please try again.',
  removeFailed: 'We could not remove the code. Please try again.',
} as const;

export interface DiscountCodeFormProps {
  orderId: string;
  checkoutToken: string;
  currency: string;
  discount: { code: string; amountCents: number } | null;
  /** A payment is being made: the price must not change under it. */
  disabled?: boolean;
}

/**
 * "Have a discount code?": the parent's code, checked and priced by the server, which answers with
 * the order's new amount (the summary and the payment follow it). A code on the order shows with
 * what it takes off, and can be removed.
 */
export function DiscountCodeForm({ orderId, checkoutToken, currency, discount, disabled = false }: DiscountCodeFormProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [apply, { loading: applying }] = useMutation(APPLY_DISCOUNT_CODE_MUTATION);
  const [remove, { loading: removing }] = useMutation(REMOVE_DISCOUNT_CODE_MUTATION);
  const inputRef = useRef<HTMLInputElement>(null);
  // What just happened, said once by the live region that stays on the page; focus then moves to
  // what replaced the button pressed (Remove after Apply, the toggle after Remove).
  const [announcement, setAnnouncement] = useState('');
  const [focusAfter, setFocusAfter] = useState<'remove' | 'toggle' | null>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (focusAfter === 'remove') removeRef.current?.focus();
    if (focusAfter === 'toggle') toggleRef.current?.focus();
  }, [focusAfter, discount]);

  async function onApply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (applying || disabled) return;
    if (!code.trim()) {
      setMessage(DISCOUNT_FORM_MESSAGES.enter);
      inputRef.current?.focus();
      return;
    }
    setMessage(null);
    try {
      const { data, error } = await apply({ variables: { orderId, checkoutToken, code: code.trim() } });
      const payload = data?.applyDiscountCode;
      const refusal = payload?.userErrors[0];
      if (refusal) setMessage(refusal.message);
      else if (error || !payload?.order) setMessage(DISCOUNT_FORM_MESSAGES.failed);
      else {
        const applied = payload.order.discount;
        setCode('');
        setOpen(false);
        if (applied) {
          setAnnouncement(`Code ${applied.code} applied: ${formatPrice(applied.amountCents, currency)} off.`);
          setFocusAfter('remove');
        }
      }
    } catch {
      setMessage(DISCOUNT_FORM_MESSAGES.failed);
    }
  }

  async function onRemove() {
    if (removing || disabled || !discount) return;
    setMessage(null);
    try {
      const { data, error } = await remove({ variables: { orderId, checkoutToken } });
      const refusal = data?.removeDiscountCode.userErrors[0];
      if (refusal) setMessage(refusal.message);
      else if (error || !data?.removeDiscountCode.order) setMessage(DISCOUNT_FORM_MESSAGES.removeFailed);
      else {
        setAnnouncement(`Code ${discount.code} removed.`);
        setFocusAfter('toggle');
      }
    } catch {
      setMessage(DISCOUNT_FORM_MESSAGES.removeFailed);
    }
  }

  const live = (
    <p className="visually-hidden" role="status">
      {announcement}
    </p>
  );

  if (discount) {
    return (
      <div className="discount-code discount-code--applied">
        {live}
        <p className="discount-code__applied">
          Code <strong>{discount.code}</strong> applied: {formatPrice(discount.amountCents, currency)} off.
        </p>
        <button
          ref={removeRef}
          type="button"
          className="discount-code__toggle"
          onClick={() => void onRemove()}
          aria-disabled={removing || disabled}
        >
          {removing ? 'Removing…' : `Remove code ${discount.code}`}
        </button>
        {message && (
          <p className="discount-code__error" role="alert">
            {message}
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="discount-code">
      {live}
      {!open ? (
        <button
          ref={toggleRef}
          type="button"
          className="discount-code__toggle"
          aria-disabled={disabled}
          onClick={() => {
            if (disabled) return;
            setOpen(true);
            // The field appears with this render; focus follows it.
            requestAnimationFrame(() => inputRef.current?.focus());
          }}
        >
          Have a discount code?
        </button>
      ) : (
        <form className="discount-code__form" onSubmit={(event) => void onApply(event)} noValidate>
          <label htmlFor={`${id}-code`} className="discount-code__label">
            Discount code
          </label>
          <div className="discount-code__row">
            <input
              ref={inputRef}
              id={`${id}-code`}
              className="discount-code__input"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck="false"
              maxLength={64}
              value={code}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : undefined}
              onChange={(event) => setCode(event.target.value)}
            />
            <button type="submit" className="button button--secondary discount-code__apply" aria-disabled={applying || disabled}>
              {applying ? 'Checking…' : 'Apply'}
            </button>
          </div>
          {message && (
            <p id={`${id}-error`} className="discount-code__error" role="alert">
              {message}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
