import { useMutation, useQuery } from '@apollo/client/react';
import { type FormEvent, useState, useLayoutEffect } from 'react';

import type { CreateDiscountCodeInput, DiscountCodeStatus } from '../../gql/graphql';
import { PageTitle } from '../../ui/PageTitle';
import { DashboardHeader } from '../dashboard/DashboardHeader';
import { formatAmount, formatDateTime } from '../order-format';
import { useIsOwner } from '../session/admin-session-context';
import { RequireAdmin } from '../session/RequireAdmin';
import { useExpireOnUnauthenticated } from '../session/use-expire-on-unauthenticated';
import { CREATE_DISCOUNT_CODE_MUTATION, DISABLE_DISCOUNT_CODE_MUTATION, DISCOUNT_CODES_QUERY } from './discounts-operations';
import '../admins/admins.css';

export const DISCOUNTS_MESSAGES = {
  ownersOnly: 'Only an owner of the shop can manage discount codes.',
  loadFailed: 'The discount codes could not be loaded. Please try again.',
  failed: 'Something went wrong. Please try again.',
  notDollars: 'Enter an amount in dollars, such as 5 or 7.50.',
  notWhole: 'Enter a whole number.',
  created: (code: string) => `Code ${code} created. Parents can apply it on the payment page.`,
  disabled: (code: string) => `Code ${code} is disabled. Orders that already carry it keep it.`,
} as const;

const STATUS_LABELS: Record<DiscountCodeStatus, string> = {
  ACTIVE: 'Active',
  EXPIRED: 'Expired',
  USED_UP: 'Used up',
  DISABLED: 'Disabled',
};

/** "7.50" -> 750; empty -> null; anything else -> NaN. */
export function dollarsToCents(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!trimmed) return null;
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? Math.round(Number(trimmed) * 100) : Number.NaN;
}

function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** /admin/discounts: the owners' discount codes, with a form for a new one. */
export function DiscountCodesPage() {
  const owner = useIsOwner();
  return (
    <RequireAdmin>
      <PageTitle>Discount codes</PageTitle>
      <div className="admin-dashboard">
        <DashboardHeader />
        <main className="admin-dashboard__main admins-page" id="admin-main">
          <h1 className="admin-dashboard__title">Discount codes</h1>
          {owner ? (
            <>
              <CreateDiscountCodeForm />
              <DiscountCodesList />
            </>
          ) : (
            <p className="admin-alert admin-alert--error" role="alert">
              {DISCOUNTS_MESSAGES.ownersOnly}
            </p>
          )}
        </main>
      </div>
    </RequireAdmin>
  );
}

type Field = 'code' | 'percentOff' | 'amountOffCents' | 'minimumCents' | 'maxUses' | 'expiresAt';

/** The input each field's error belongs to. */
const INPUT_IDS: Record<Field, string> = {
  code: 'discount-code',
  percentOff: 'discount-value',
  amountOffCents: 'discount-value',
  minimumCents: 'discount-minimum',
  maxUses: 'discount-max-uses',
  expiresAt: 'discount-expires',
};
const ERROR_ID = 'discount-form-error';

function CreateDiscountCodeForm() {
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');
  const [value, setValue] = useState('');
  const [minimum, setMinimum] = useState('');
  const [maxUses, setMaxUses] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [error, setError] = useState<{ field: Field | null; message: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [create, { loading }] = useMutation(CREATE_DISCOUNT_CODE_MUTATION, { refetchQueries: ['DiscountCodes'] });
  // The field at fault takes focus, so its error (tied to it) is what is read next.
  useLayoutEffect(() => {
    if (error?.field) document.getElementById(INPUT_IDS[error.field])?.focus();
  }, [error]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    setNotice(null);
    const off = kind === 'percent' ? wholeNumber(value) : dollarsToCents(value);
    const minimumCents = dollarsToCents(minimum);
    const uses = wholeNumber(maxUses);
    const valueField: Field = kind === 'percent' ? 'percentOff' : 'amountOffCents';
    if (Number.isNaN(off)) {
      setError({ field: valueField, message: kind === 'percent' ? DISCOUNTS_MESSAGES.notWhole : DISCOUNTS_MESSAGES.notDollars });
      return;
    }
    if (Number.isNaN(minimumCents)) {
      setError({ field: 'minimumCents', message: DISCOUNTS_MESSAGES.notDollars });
      return;
    }
    if (Number.isNaN(uses)) {
      setError({ field: 'maxUses', message: DISCOUNTS_MESSAGES.notWhole });
      return;
    }
    const input: CreateDiscountCodeInput = {
      code,
      percentOff: kind === 'percent' ? off : null,
      amountOffCents: kind === 'amount' ? off : null,
      minimumCents,
      maxUses: uses,
      // The end of the chosen day, where the owner is.
      expiresAt: expiresOn ? new Date(`${expiresOn}T23:59:59`).toISOString() : null,
    };
    setError(null);
    try {
      const { data } = await create({ variables: { input }, awaitRefetchQueries: true });
      const payload = data?.createDiscountCode;
      const refusal = payload?.userErrors[0];
      if (refusal) setError({ field: (refusal.field as Field | null) ?? null, message: refusal.message });
      else if (payload?.discountCode) {
        setNotice(DISCOUNTS_MESSAGES.created(payload.discountCode.code));
        setCode('');
        setValue('');
        setMinimum('');
        setMaxUses('');
        setExpiresOn('');
      } else setError({ field: null, message: DISCOUNTS_MESSAGES.failed });
    } catch {
      setError({ field: null, message: DISCOUNTS_MESSAGES.failed });
    }
  }

  const invalid = (field: Field) => (error?.field === field ? true : undefined);
  const describedBy = (field: Field) => (error?.field === field ? ERROR_ID : undefined);
  const valueField: Field = kind === 'percent' ? 'percentOff' : 'amountOffCents';
  return (
    <section className="admins-section" aria-labelledby="new-discount-title">
      <h2 id="new-discount-title" className="admins-section__title">
        New discount code
      </h2>
      <p className="admins-section__hint">
        Parents type it on the payment page. The price is worked out on the server; a book never costs less than $1.00.
      </p>
      <form className="admin-form admins-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {error && (
          <p id={ERROR_ID} className="admin-alert admin-alert--error" role="alert">
            {error.message}
          </p>
        )}
        {notice && (
          <p className="admin-alert admin-alert--success" role="status">
            {notice}
          </p>
        )}
        <div className="admin-field">
          <label htmlFor="discount-code" className="admin-field__label">
            Code (3 to 32 letters, digits, dashes or underscores)
          </label>
          <input
            id="discount-code"
            className="admin-field__control"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck="false"
            value={code}
            aria-invalid={invalid('code')}
            aria-describedby={describedBy('code')}
            onChange={(event) => setCode(event.target.value.toUpperCase())}
          />
        </div>
        <fieldset className="admin-field admins-form__roles">
          <legend className="admin-field__label">Discount</legend>
          {(
            [
              ['percent', 'A percentage off'],
              ['amount', 'An amount off'],
            ] as const
          ).map(([option, label]) => (
            <div key={option} className="admins-form__role">
              <input
                id={`discount-kind-${option}`}
                type="radio"
                name="discount-kind"
                checked={kind === option}
                onChange={() => setKind(option)}
              />
              <label htmlFor={`discount-kind-${option}`}>{label}</label>
            </div>
          ))}
        </fieldset>
        <FormField
          field={valueField}
          label={kind === 'percent' ? 'Percentage off (1 to 90)' : 'Amount off, in dollars'}
          inputMode={kind === 'percent' ? 'numeric' : 'decimal'}
          value={value}
          onChange={setValue}
          error={error}
        />
        <FormField
          field="minimumCents"
          label="Only for books of at least, in dollars (optional)"
          inputMode="decimal"
          value={minimum}
          onChange={setMinimum}
          error={error}
        />
        <FormField
          field="maxUses"
          label="Maximum uses (optional)"
          inputMode="numeric"
          value={maxUses}
          onChange={setMaxUses}
          error={error}
        />
        <FormField
          field="expiresAt"
          label="Last day it works (optional)"
          type="date"
          value={expiresOn}
          onChange={setExpiresOn}
          error={error}
        />
        <button type="submit" className="button button--primary" aria-disabled={loading}>
          {loading ? 'Creating code…' : 'Create code'}
        </button>
      </form>
    </section>
  );
}

/** One labelled input of the form, marked and described by the error when it is this field's. */
function FormField({
  field,
  label,
  value,
  onChange,
  error,
  inputMode,
  type = 'text',
}: {
  field: Field;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: { field: Field | null } | null;
  inputMode?: 'numeric' | 'decimal';
  type?: 'text' | 'date';
}) {
  const id = INPUT_IDS[field];
  const invalid = error?.field === field;
  return (
    <div className="admin-field">
      <label htmlFor={id} className="admin-field__label">
        {label}
      </label>
      <input
        id={id}
        className="admin-field__control"
        type={type}
        inputMode={inputMode}
        autoComplete="off"
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? ERROR_ID : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

function DiscountCodesList() {
  const { data, error, loading } = useQuery(DISCOUNT_CODES_QUERY, { fetchPolicy: 'cache-and-network' });
  const expired = useExpireOnUnauthenticated(error);
  const [disable] = useMutation(DISABLE_DISCOUNT_CODE_MUTATION);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  // Asked to confirm: focus goes to the confirming button.
  useLayoutEffect(() => {
    if (confirming) document.getElementById(`disable-${confirming}`)?.focus();
  }, [confirming]);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);

  async function onDisable(id: string) {
    if (busyId) return;
    setConfirming(null);
    setBusyId(id);
    setMessage(null);
    try {
      const { data: result } = await disable({ variables: { id } });
      const refusal = result?.disableDiscountCode.userErrors[0];
      const code = result?.disableDiscountCode.discountCode;
      if (refusal) setMessage({ text: refusal.message, ok: false });
      else if (code) setMessage({ text: DISCOUNTS_MESSAGES.disabled(code.code), ok: true });
      else setMessage({ text: DISCOUNTS_MESSAGES.failed, ok: false });
    } catch {
      setMessage({ text: DISCOUNTS_MESSAGES.failed, ok: false });
    }
    setBusyId(null);
  }

  if (expired) return null;
  const codes = data?.discountCodes ?? [];
  return (
    <section className="admins-section" aria-labelledby="discount-codes-title">
      <h2 id="discount-codes-title" className="admins-section__title">
        Codes
      </h2>
      {message && (
        <p className={`admin-alert admin-alert--${message.ok ? 'success' : 'error'}`} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      {error && !data && (
        <p className="admin-alert admin-alert--error" role="alert">
          {DISCOUNTS_MESSAGES.loadFailed}
        </p>
      )}
      {!data && loading && <p role="status">Loading discount codes…</p>}
      {data && codes.length === 0 && <p className="admins-section__hint">No discount code yet.</p>}
      {codes.length > 0 && (
        <ul className="admins-list">
          {codes.map((code) => (
            <li key={code.id} className="admins-list__item" aria-label={`Code ${code.code}`}>
              <div className="admins-list__who">
                <span className="admins-list__email">{code.code}</span> <span>{code.terms}</span>
              </div>
              <dl className="admins-list__facts">
                <div>
                  <dt>Status</dt>
                  <dd>
                    <span className={`admins-status admins-status--${code.status === 'ACTIVE' ? 'active' : 'disabled'}`}>
                      {STATUS_LABELS[code.status]}
                    </span>
                  </dd>
                </div>
                <div>
                  <dt>Used</dt>
                  <dd>
                    {code.used}
                    {code.maxUses !== null && code.maxUses !== undefined ? ` of ${code.maxUses}` : ''}
                    {code.held > 0 ? ` (and ${code.held} waiting for payment)` : ''}
                  </dd>
                </div>
                <div>
                  <dt>Minimum</dt>
                  <dd>{code.minimumCents > 0 ? formatAmount(code.minimumCents) : 'None'}</dd>
                </div>
                <div>
                  <dt>Expires</dt>
                  <dd>{code.expiresAt ? formatDateTime(code.expiresAt) : 'Never'}</dd>
                </div>
                <div>
                  <dt>Created by</dt>
                  <dd>{code.createdBy}</dd>
                </div>
              </dl>
              {!code.disabledAt && confirming !== code.id && (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-disabled={busyId !== null}
                  onClick={() => setConfirming(code.id)}
                >
                  {`Disable ${code.code}`}
                </button>
              )}
              {!code.disabledAt && confirming === code.id && (
                <div role="group" aria-label={`Disable ${code.code} for good?`} className="discount-codes__confirm">
                  <p>Parents can no longer apply it, and it cannot be turned on again (nor its name used again).</p>
                  <button
                    type="button"
                    className="button button--primary button--small"
                    aria-disabled={busyId !== null}
                    id={`disable-${code.id}`}
                    onClick={() => void onDisable(code.id)}
                  >
                    {`Yes, disable ${code.code}`}
                  </button>{' '}
                  <button type="button" className="button button--secondary button--small" onClick={() => setConfirming(null)}>
                    Keep it
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
