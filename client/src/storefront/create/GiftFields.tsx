import { addDays, todayHere } from '../../ui/calendar-date';
import { FieldProblem } from './FieldProblem';
import { fieldAria, type FormSectionProps } from './form-section-props';

/**
 * "This book is a gift": a message (on a printed book's dedication page, in a digital book's
 * delivery e-mail) and, for a digital book, the day its e-mail waits for.
 */
export function GiftFields({
  values,
  update,
  maxLength,
  maxDays,
  ...aria
}: FormSectionProps & { maxLength: number; maxDays: number }) {
  const printed = values.bookFormat === 'printed';
  const today = todayHere();
  return (
    <div className="gift-fields field--full">
      <div className="terms">
        <input
          id="is-gift"
          className="terms__checkbox"
          type="checkbox"
          name="isGift"
          checked={values.isGift}
          onChange={(event) => update('isGift', event.target.checked)}
          aria-controls="gift-details"
          aria-expanded={values.isGift}
          aria-describedby="is-gift-hint"
        />
        <div>
          <label className="terms__label" htmlFor="is-gift">
            This book is a gift (optional)
          </label>
          <p id="is-gift-hint" className="field__hint">
            {printed
              ? 'Add a message for the dedication page.'
              : 'Add a message for the e-mail that brings the book, and choose the day it arrives.'}
          </p>
        </div>
      </div>
      <div id="gift-details" className="gift-fields__details" hidden={!values.isGift}>
        <div className="field field--full">
          <label className="field__label" htmlFor="gift-message">
            Gift message (optional)
          </label>
          <textarea
            id="gift-message"
            className="field__control field__control--textarea"
            name="giftMessage"
            rows={3}
            maxLength={maxLength}
            value={values.giftMessage}
            onChange={(event) => update('giftMessage', event.target.value)}
            {...fieldAria(aria, 'giftMessage', 'gift-message-hint gift-message-count')}
          />
          <FieldProblem field="giftMessage" {...aria} />
          <p id="gift-message-hint" className="field__hint">
            {printed
              ? 'Printed on the dedication page, under the dedication, e.g. "Happy 6th birthday, Mia! Love, Grandma and Grandpa."'
              : 'Written in the e-mail that brings the book, e.g. "Happy 6th birthday, Mia! Love, Grandma and Grandpa."'}
          </p>
          <p id="gift-message-count" className="field__hint field__counter" aria-live="polite">
            {values.giftMessage.length} / {maxLength} characters
          </p>
        </div>
        {!printed && (
          <div className="field">
            <label className="field__label" htmlFor="gift-delivery-date">
              E-mail the book on (optional)
            </label>
            <input
              id="gift-delivery-date"
              className="field__control"
              type="date"
              name="giftDeliveryDate"
              min={today}
              max={addDays(today, maxDays)}
              value={values.giftDeliveryDate}
              onChange={(event) => update('giftDeliveryDate', event.target.value)}
              {...fieldAria(aria, 'giftDeliveryDate', 'gift-delivery-date-hint')}
            />
            <FieldProblem field="giftDeliveryDate" {...aria} />
            <p id="gift-delivery-date-hint" className="field__hint">
              We e-mail the book at 8 in the morning that day, your time, or as soon as it is ready if that is later. Leave it
              empty to get it as soon as it is ready. You can change the day on your order page.
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
