import type { OrderFormValues } from './order-form-values';

/** What each section of the order form gets from the form that owns the values. */
export interface FormSectionProps {
  values: OrderFormValues;
  update: <K extends keyof OrderFormValues>(field: K, value: OrderFormValues[K]) => void;
  /** The fields the message at the top of the form is about (usually one). */
  invalidFields: ReadonlyArray<keyof OrderFormValues>;
  /** The id of that message, so the invalid field can point at it. */
  errorId: string;
  /** That message, repeated by the first field it is about (FieldProblem), where the parent is looking. */
  errorMessage?: string | null;
}

/** aria attributes for a field: its hints, plus the error message when it is the one at fault. */
export function fieldAria(
  props: Pick<FormSectionProps, 'invalidFields' | 'errorId'>,
  field: keyof OrderFormValues,
  hintId?: string,
) {
  const invalid = props.invalidFields.includes(field);
  const describedBy = [hintId, invalid ? props.errorId : undefined].filter(Boolean).join(' ');
  return {
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}
