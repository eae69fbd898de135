import type { ChangeEvent } from 'react';

import { PHOTO_ACCEPT } from './check-photo';
import { FieldProblem } from './FieldProblem';
import { fieldAria, type FormSectionProps } from './form-section-props';
import { useObjectUrl } from './use-object-url';

interface PhotoFieldProps extends Pick<FormSectionProps, 'invalidFields' | 'errorId' | 'errorMessage'> {
  photo: File | null;
  maxBytes: number;
  /** Checks the chosen file; resolves false when it was refused. */
  onChoose: (file: File | null) => Promise<boolean>;
}

const HINT_ID = 'child-photo-hint';
const PRIVACY_ID = 'child-photo-privacy';

function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

export function PhotoField({ photo, maxBytes, onChoose, invalidFields, errorId, errorMessage }: PhotoFieldProps) {
  const previewUrl = useObjectUrl(photo);

  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const accepted = await onChoose(input.files?.[0] ?? null);
    // A refused file is not kept: clear the input so it does not look chosen.
    if (!accepted) input.value = '';
  }

  return (
    <div className="photo-field">
      <div className={`photo-field__preview${previewUrl ? ' photo-field__preview--filled' : ''}`}>
        {previewUrl ? (
          <img src={previewUrl} alt="Preview of your child's photo" />
        ) : (
          <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">
            <circle cx="32" cy="24" r="11" />
            <path d="M12 56c2-11 10-17 20-17s18 6 20 17" />
          </svg>
        )}
      </div>
      <div className="photo-field__body">
        <label className="field__label" htmlFor="child-photo">
          Child's photo
        </label>
        <p id={HINT_ID} className="field__hint">
          A clear, front-facing photo works best: good light, eyes visible, no sunglasses. JPEG or PNG, up to{' '}
          {formatMegabytes(maxBytes)}.
        </p>
        <input
          id="child-photo"
          className="photo-field__input"
          type="file"
          name="childPhoto"
          accept={PHOTO_ACCEPT}
          required
          onChange={(event) => void handleChange(event)}
          {...fieldAria({ invalidFields, errorId }, 'childPhoto', `${HINT_ID} ${PRIVACY_ID}`)}
        />
        <FieldProblem field="childPhoto" invalidFields={invalidFields} errorMessage={errorMessage} />
        <p id={PRIVACY_ID} className="photo-field__privacy">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h1Zm2 0h6V7a3 3 0 0 0-6 0v3Z" />
          </svg>
          <span>
            Your photo is used only to create your child's book. We remove location data when it's uploaded and keep it only as
            long as needed to make and deliver your book.
          </span>
        </p>
      </div>
    </div>
  );
}
