import { type ReactNode, useId } from 'react';

interface StudioTextareaProps {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  /** The refusal to show above the field (and mark it invalid), or null. */
  message: string | null;
  rows?: number;
}

/** A staff form's text (a note, an answer to a parent): its refusal, label and box, at most 2,000 characters. */
export function StudioTextarea({ label, value, onChange, message, rows = 3 }: StudioTextareaProps) {
  const fieldId = useId();
  return (
    <>
      {message && (
        <p className="admin-alert admin-alert--error" role="alert">
          {message}
        </p>
      )}
      <div className="admin-field">
        <label htmlFor={fieldId} className="admin-field__label">
          {label}
        </label>
        <textarea
          id={fieldId}
          className="admin-field__control"
          rows={rows}
          maxLength={2000}
          value={value}
          aria-invalid={message ? true : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </>
  );
}
