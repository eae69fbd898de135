import type { FormSectionProps } from './form-section-props';
import type { OrderFormValues } from './order-form-values';

/**
 * The form's message again, under the first field it is about: focus takes the parent there, and
 * on a phone the message at the top of the form is then out of sight. Hidden from screen readers,
 * which hear the message itself through the field's description.
 */
export function FieldProblem({
  field,
  invalidFields,
  errorMessage,
}: { field: keyof OrderFormValues } & Pick<FormSectionProps, 'invalidFields' | 'errorMessage'>) {
  if (!errorMessage || invalidFields[0] !== field) return null;
  return (
    <p className="field__problem" aria-hidden="true">
      {errorMessage}
    </p>
  );
}
