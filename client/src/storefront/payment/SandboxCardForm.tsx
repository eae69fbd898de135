import { type FormEvent, type Ref, useId, useState } from 'react';

import { parseExpiry } from './card-expiry';

export const SANDBOX_NOTICE =
  'Test mode: no real card is charged. Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a decline.';

export const INCOMPLETE_CARD_MESSAGE = 'Please enter a card number, an expiry date (MM/YY) and a CVC.';

interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

/** The card number as typed, in groups of four digits ("4242424242" -> "4242 4242 42"); at most 19 digits. */
export function groupCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

// Shape checks only: the sandbox provider decides what the card does.
function incompleteFields({ number, expiry, cvc }: CardFields): Array<keyof CardFields> {
  const bad: Array<keyof CardFields> = [];
  if (!/^\d{12,19}$/.test(number.replace(/[\s-]/g, ''))) bad.push('number');
  if (!parseExpiry(expiry)) bad.push('expiry');
  if (!/^\d{3,4}$/.test(cvc.trim())) bad.push('cvc');
  return bad;
}

/**
 * The offline sandbox's card form, plainly marked as a test. Autofill is off so a browser
 * never offers a real saved card here.
 */
export function SandboxCardForm({
  payLabel,
  processing,
  onPay,
  formRef,
}: {
  payLabel: string;
  processing: boolean;
  onPay: (cardNumber: string) => void;
  /** The form element, so the page can retry the payment and move focus to the card. */
  formRef?: Ref<HTMLFormElement>;
}) {
  const id = useId();
  const [card, setCard] = useState<CardFields>({ number: '', expiry: '', cvc: '' });
  const [invalid, setInvalid] = useState<Array<keyof CardFields>>([]);

  const field = (name: keyof CardFields, label: string, extra: { placeholder: string; maxLength: number }) => (
    <div className={`sandbox-card__field sandbox-card__field--${name}`}>
      <label htmlFor={`${id}-${name}`} className="sandbox-card__label">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        className="sandbox-card__input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck="false"
        required
        value={card[name]}
        onChange={(event) => {
          const value = name === 'number' ? groupCardNumber(event.target.value) : event.target.value;
          setCard((current) => ({ ...current, [name]: value }));
        }}
        aria-invalid={invalid.includes(name) || undefined}
        aria-describedby={invalid.includes(name) ? `${id}-incomplete` : undefined}
        disabled={processing}
        {...extra}
      />
    </div>
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (processing) return;
    const bad = incompleteFields(card);
    setInvalid(bad);
    if (bad.length === 0) onPay(card.number.replace(/[\s-]/g, ''));
  }

  return (
    <form ref={formRef} className="sandbox-card" onSubmit={onSubmit} noValidate aria-label="Test card payment">
      <div className="sandbox-card__banner">
        <span className="sandbox-card__badge">Test mode</span>
        <p className="sandbox-card__notice">{SANDBOX_NOTICE}</p>
      </div>
      {invalid.length > 0 && (
        <p id={`${id}-incomplete`} className="sandbox-card__invalid" role="alert">
          {INCOMPLETE_CARD_MESSAGE}
        </p>
      )}
      {field('number', 'Card number', { placeholder: '1234 1234 1234 1234', maxLength: 23 })}
      <div className="sandbox-card__row">
        {field('expiry', 'Expiry (MM/YY)', { placeholder: 'MM/YY', maxLength: 7 })}
        {field('cvc', 'CVC', { placeholder: '123', maxLength: 4 })}
      </div>
      <button type="submit" className="button button--primary button--large sandbox-card__pay" disabled={processing}>
        {payLabel}
      </button>
    </form>
  );
}
