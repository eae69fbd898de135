import { useMutation } from '@apollo/client/react';
import { type FormEvent, useId, useState } from 'react';

import type { OrderPageFieldsFragment } from '../../gql/graphql';
import { addDays, browserTimeZone, formatCalendarDate, isDayWithin, todayHere } from '../../ui/calendar-date';
import { formatTimeOfDay, formatWhen, ORDER_MESSAGES } from './order-page-messages';
import { CHANGE_GIFT_DELIVERY_DATE_MUTATION } from './order-page-operations';

interface GiftDeliverySectionProps {
  order: OrderPageFieldsFragment;
  token: string;
  maxDays: number;
}

/**
 * A digital book's delivery day: when its e-mail goes out (or went), and until then a short form
 * to choose another day or to have it as soon as the book is ready. The server decides.
 */
export function GiftDeliverySection({ order, token, maxDays }: GiftDeliverySectionProps) {
  const gift = order.giftDelivery;
  const titleId = useId();
  const fieldId = useId();
  const [editing, setEditing] = useState(false);
  const [day, setDay] = useState(gift?.date ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [change, { loading }] = useMutation(CHANGE_GIFT_DELIVERY_DATE_MUTATION);
  if (!gift) return null;
  const today = todayHere();

  const save = async (date: string | null) => {
    setProblem(null);
    if (date && !isDayWithin(date, today, maxDays)) {
      setProblem(`Please choose a day from today to ${maxDays} days ahead.`);
      return;
    }
    const { data, error } = await change({ variables: { token, date, timeZone: browserTimeZone() ?? null } });
    const payload = data?.changeGiftDeliveryDate;
    const refusal = error || !payload ? ORDER_MESSAGES.genericError : (payload.userErrors[0]?.message ?? null);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    setEditing(false);
    setSaved(
      date
        ? `Saved: we will e-mail the book on ${formatCalendarDate(date)}.`
        : 'Saved: we will e-mail the book as soon as it is ready.',
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(day || null);
  };

  return (
    <section className="order-page__card" aria-labelledby={titleId}>
      <h2 id={titleId} className="order-page__heading">
        Delivery day
      </h2>
      {gift.emailedAt ? (
        <p>
          We e-mailed the book on <time dateTime={gift.emailedAt}>{formatWhen(gift.emailedAt)}</time>.
        </p>
      ) : gift.date && gift.sendAt ? (
        <p>
          We will e-mail the book on <strong>{formatCalendarDate(gift.date)}</strong> at{' '}
          <time dateTime={gift.sendAt}>{formatTimeOfDay(gift.sendAt)}</time> your time, or as soon as it is ready if that is
          later.
        </p>
      ) : (
        <p>We will e-mail the book as soon as it is ready.</p>
      )}
      {saved && (
        <p className="order-page__success" role="status">
          {saved}
        </p>
      )}
      {gift.canChange &&
        (editing ? (
          <form className="order-page__form" onSubmit={submit} noValidate>
            <label className="order-page__label" htmlFor={fieldId}>
              E-mail the book on
            </label>
            <input
              id={fieldId}
              className="order-page__control order-page__control--date"
              type="date"
              min={today}
              max={addDays(today, maxDays)}
              value={day}
              onChange={(event) => setDay(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${fieldId}-problem` : undefined}
            />
            {problem && (
              <p id={`${fieldId}-problem`} className="order-page__error" role="alert">
                {problem}
              </p>
            )}
            <div className="order-page__actions order-page__actions--start">
              <button type="submit" className="button button--primary" disabled={loading}>
                Save the day
              </button>
              {gift.date && (
                <button type="button" className="button button--secondary" disabled={loading} onClick={() => void save(null)}>
                  Send it when ready instead
                </button>
              )}
              <button type="button" className="button button--secondary" onClick={() => setEditing(false)}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setDay(gift.date ?? '');
              setProblem(null);
              setSaved(null);
              setEditing(true);
            }}
          >
            {gift.date ? 'Change the day' : 'Choose a day'}
          </button>
        ))}
    </section>
  );
}
