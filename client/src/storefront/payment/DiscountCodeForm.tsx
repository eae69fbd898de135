import { useMutation } from '@apollo/client/react';
import { type FormEvent, useId, useRef, useState } from 'react';

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
}

/**
 * "Have a discount code?": the parent's code, checked and priced by the server, which answers with
 * the order's new amount (the summary and the payment follow it). A code on the order shows with
 * what it takes off, and can be removed.
 */
export function DiscountCodeForm({ orderId, checkoutToken, currency, discount }: DiscountCodeFormProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [apply, { loading: applying }] = useMutation(APPLY_DISCOUNT_CODE_MUTATION);
  const [remove, { loading: removing }] = useMutation(REMOVE_DISCOUNT_CODE_MUTATION);
  const inputRef = useRef<HTMLInputElement>(null);

  async function onApply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (applying) return;
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
        setCode('');
        setOpen(false);
      }
    } catch {
      setMessage(DISCOUNT_FORM_MESSAGES.failed);
    }
  }

  async function onRemove() {
    if (removing) return;
    setMessage(null);
    try {
      const { data, error } = await remove({ variables: { orderId, checkoutToken } });
      const refusal = data?.removeDiscountCode.userErrors[0];
      if (refusal) setMessage(refusal.message);
      else if (error || !data?.removeDiscountCode.order) setMessage(DISCOUNT_FORM_MESSAGES.removeFailed);
    } catch {
      setMessage(DISCOUNT_FORM_MESSAGES.removeFailed);
    }
  }

  if (discount) {
    return (
      <div className="discount-code discount-code--applied">
        <p className="discount-code__applied" role="status">
          Code <strong>{discount.code}</strong> applied: {formatPrice(discount.amountCents, currency)} off.
        </p>
        <button type="button" className="discount-code__toggle" onClick={() => void onRemove()} aria-disabled={removing}>
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
      {!open ? (
        <button
          type="button"
          className="discount-code__toggle"
          aria-expanded={false}
          onClick={() => {
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
              spellCheck={false}
              maxLength={64}
              value={code}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : undefined}
              onChange={(event) => setCode(event.target.value)}
            />
            <button type="submit" className="button button--secondary discount-code__apply" aria-disabled={applying}>
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
