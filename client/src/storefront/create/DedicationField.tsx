import { FieldProblem } from './FieldProblem';
import { fieldAria, type FormSectionProps } from './form-section-props';

/** An optional dedication printed at the front of the book, with a live count of what is left. */
export function DedicationField({ values, update, maxLength, ...aria }: FormSectionProps & { maxLength: number }) {
  const used = values.dedication.length;
  return (
    <div className="field field--full">
      <label className="field__label" htmlFor="dedication">
        Dedication (optional)
      </label>
      <textarea
        id="dedication"
        className="field__control field__control--textarea"
        name="dedication"
        rows={3}
        maxLength={maxLength}
        value={values.dedication}
        onChange={(event) => update('dedication', event.target.value)}
        {...fieldAria(aria, 'dedication', 'dedication-hint dedication-count')}
      />
      <FieldProblem field="dedication" {...aria} />
      <p id="dedication-hint" className="field__hint">
        A few words for the first page, e.g. "For Mia, who makes every day an adventure. Love, Grandma."
      </p>
      {/* Announced politely, so a screen reader hears the count without being interrupted on every key. */}
      <p id="dedication-count" className="field__hint field__counter" aria-live="polite">
        {used} / {maxLength} characters
      </p>
    </div>
  );
}
