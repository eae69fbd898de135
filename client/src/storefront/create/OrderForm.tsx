import { type FormEvent, lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState, useLayoutEffect } from 'react';

import { Link } from 'react-router-dom';

import type { OrderFormCatalogueQuery } from '../../gql/graphql';
import { useRestoreSavedScroll } from '../../ui/RestoreScrollOnLoad';
import { formatPrice } from '../../ui/formatPrice';
import { type AddingBook, stopAddingBook } from '../checkout-session';
import { checkPhoto } from './check-photo';
import { ChildDetailsFields } from './ChildDetailsFields';
import { DedicationField } from './DedicationField';
import { GiftFields } from './GiftFields';
import { type RestoredDraft, useOrderDraft } from './draft/use-order-draft';
import { FieldProblem } from './FieldProblem';
import { fieldAria } from './form-section-props';
import { FormatChoice } from './FormatChoice';
import { LessonChoice } from './LessonChoice';
import { type BookFormat, initialOrderFormValues, type OrderFormField, type OrderFormValues } from './order-form-values';
import { PhotoField } from './PhotoField';
import { ProcessingOverlay } from './ProcessingOverlay';
import { regionCodeIn, ShippingFields } from './ShippingFields';
import { StyleChoice } from './StyleChoice';
import { useObjectUrl } from './use-object-url';
import { useSubmitOrder } from './use-submit-order';
import { validateOrderForm } from './validate-order-form';

type Catalogue = OrderFormCatalogueQuery['catalogue'];

// Drawn once a name and a photo are given. Its code is fetched as soon as a photo is chosen, while
// the photo is checked, and the form takes the photo and the loaded cover in one update: the cover
// appears with the photo's preview, not a render later, and the fields below move once. A photo
// the form has without a choice (a restored draft) draws the cover through React.lazy.
const loadCoverPreview = () => import('../cover/CoverPreview');
type CoverPreviewModule = Awaited<ReturnType<typeof loadCoverPreview>>;
const LazyCoverPreview = lazy(loadCoverPreview);
// The e-mail's spelling check and its list of providers load when the parent leaves the field, not with the form.
const loadEmailSuggestion = () => import('./email-suggestion');
/** How long a chosen photo's preview waits for the cover's code on a slow line before it is shown alone. */
const COVER_WAIT_MS = 3000;

interface ShownError {
  message: string;
  /** The fields at fault; focus goes to the first. */
  fields: OrderFormField[];
  /** Whether to move focus to the field (not when the parent is already on it). */
  focus: boolean;
  /** Bumped on every new error so a repeated message is announced again. */
  key: number;
  /** The form's own check (asked again as the parent types), or another's (the server, the photo check). */
  from: 'form' | 'other';
  /** The fields' values when it was shown: another's message goes once one of them changes. */
  shownWith: Partial<OrderFormValues>;
}

const ERROR_ID = 'order-form-error';

/** Whether the parent has typed or chosen anything a 'Start over' would throw away. */
function hasAnythingTyped(values: OrderFormValues): boolean {
  if (values.childPhoto || values.acceptTerms) return true;
  const typed = [
    values.childName,
    values.childAge,
    values.storyIdea,
    values.dedication,
    values.moral,
    values.email,
    values.fullName,
    values.streetAddress,
    values.addressLine2,
    values.city,
    values.state,
    values.zipCode,
    values.phone,
    values.giftMessage,
    values.giftDeliveryDate,
  ];
  return typed.some((text) => text.trim() !== '');
}

function FormSection(props: { step: number; id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    // No aria-labelledby: the sections are not landmarks, and a section named after its
    // heading would also answer to the field labels inside it (e.g. "Child's photo").
    <section className="form-section">
      <h2 id={props.id} className="form-section__title">
        <span className="form-section__step" aria-hidden="true">
          {props.step}
        </span>
        {props.title}
      </h2>
      {props.intro && <p className="form-section__intro">{props.intro}</p>}
      {props.children}
    </section>
  );
}

export interface OrderFormProps {
  catalogue: Catalogue;
  initialFormat: BookFormat;
  /** The link asked for this format (?type=): it wins over the draft's. */
  formatFromLink?: BookFormat | null;
  /** A book added to this tab's checkout (from its payment page): no draft, and back to that page once made. */
  adding?: AddingBook | null;
}

export function OrderForm({ catalogue, initialFormat, formatFromLink = null, adding = null }: OrderFormProps) {
  const { limits, plans, currency } = catalogue;
  const defaults = useCallback(
    (bookFormat: BookFormat) =>
      initialOrderFormValues({
        bookFormat,
        bookStyle: catalogue.bookStyles.find((style) => style.value === 'classic')?.value ?? catalogue.bookStyles[0]?.value ?? '',
        country: catalogue.shippingCountries[0] ?? '',
      }),
    [catalogue],
  );
  const [values, setValues] = useState<OrderFormValues>(() => defaults(initialFormat));
  // Bumped for every new photo, so a resubmission knows whether the server has this one.
  const [photoVersion, setPhotoVersion] = useState(0);
  // Remounts the file input on 'Start over', which is the only way to empty it.
  const [photoInputKey, setPhotoInputKey] = useState(0);
  const [error, setError] = useState<ShownError | null>(null);
  // "Did you mean …@gmail.com?", worked out when the parent leaves the e-mail field.
  const [emailSuggestion, setEmailSuggestion] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const photoCheck = useRef(0);
  // A photo is checked (its type, size and first bytes, and the cover's code on a slow line) before
  // the form takes it. An order sent meanwhile waits for the check, then goes if the photo was
  // taken, instead of saying that no photo was chosen.
  const [checkingPhoto, setCheckingPhoto] = useState(false);
  const [sendAfterCheck, setSendAfterCheck] = useState(false);
  const [coverModule, setCoverModule] = useState<CoverPreviewModule | null>(null);
  const { submit, busy, status } = useSubmitOrder();

  const restore = useCallback(
    ({ values: saved, photoVersion: savedVersion }: RestoredDraft) => {
      setValues((current) => {
        const next = { ...current, ...saved };
        // Keep only choices the catalogue still offers.
        if (!catalogue.bookStyles.some((style) => style.value === next.bookStyle)) next.bookStyle = current.bookStyle;
        if (next.moral && !catalogue.lifeLessons.some((lesson) => lesson.value === next.moral)) next.moral = '';
        if (!catalogue.shippingCountries.includes(next.country)) next.country = current.country;
        // A draft from before the region lists holds the state as typed: its code, or nothing to choose again.
        next.state = regionCodeIn(catalogue.shippingDestinations, next.country, next.state);
        if (next.bookFormat !== 'digital' && next.bookFormat !== 'printed') next.bookFormat = current.bookFormat;
        if (formatFromLink) next.bookFormat = formatFromLink;
        return next;
      });
      setPhotoVersion(savedVersion);
    },
    [catalogue, formatFromLink],
  );
  const draft = useOrderDraft({ values, photoVersion, onRestore: restore, enabled: !adding });
  const photoUrl = useObjectUrl(values.childPhoto);
  // Back to the form lands where the parent was, once the draft has filled it out again.
  useRestoreSavedScroll(draft.restored);

  const update = <K extends keyof OrderFormValues>(field: K, value: OrderFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  // The values as they are now, for messages shown from async work (the photo check, the server).
  const latestValues = useRef(values);
  useEffect(() => {
    latestValues.current = values;
  }, [values]);

  const showError = (
    message: string,
    fields: OrderFormField[],
    focus = true,
    from: ShownError['from'] = 'other',
    shownWith: Partial<OrderFormValues> = Object.fromEntries(fields.map((field) => [field, latestValues.current[field]])),
  ) => setError((current) => ({ message, fields, focus, key: (current?.key ?? 0) + 1, from, shownWith }));

  // The message leaves as soon as its field is fixed: the form's own check no longer says it, or
  // the field the server or the photo check named has changed. Still-blank address fields stay marked.
  const { shippingDestinations } = catalogue;
  useEffect(() => {
    setError((current) => {
      if (!current) return current;
      if (current.from === 'other') {
        return current.fields.some((field) => values[field] !== current.shownWith[field]) ? null : current;
      }
      const now = validateOrderForm(values, limits, shippingDestinations);
      if (!now || now.message !== current.message) return null;
      const fields = now.fields ?? [now.field];
      const same = fields.length === current.fields.length && fields.every((field, index) => field === current.fields[index]);
      return same ? current : { ...current, fields, focus: false };
    });
  }, [values, limits, shippingDestinations]);

  // Keyboard and screen-reader users land on the field to fix (it is described by the message).
  useLayoutEffect(() => {
    if (!error?.focus) return;
    const first = error.fields[0];
    const target = first ? formRef.current?.elements.namedItem(first) : null;
    const element = target instanceof RadioNodeList ? target[0] : target;
    if (element instanceof HTMLElement) element.focus();
    else alertRef.current?.focus();
  }, [error]);

  async function choosePhoto(file: File | null): Promise<boolean> {
    const check = ++photoCheck.current;
    setCheckingPhoto(true);
    try {
      return await checkChosenPhoto(file, check);
    } finally {
      if (check === photoCheck.current) setCheckingPhoto(false);
    }
  }

  async function checkChosenPhoto(file: File | null, check: number): Promise<boolean> {
    // A cover that fails to load, or is slow to, is drawn through React.lazy, which reports a failure where it draws.
    const cover =
      file && !coverModule
        ? Promise.race([
            loadCoverPreview().catch(() => null),
            new Promise<null>((resolve) => setTimeout(() => resolve(null), COVER_WAIT_MS)),
          ])
        : null;
    const refusal = file ? await checkPhoto(file, limits.photoMaxBytes) : null;
    const loaded = await cover;
    if (check !== photoCheck.current) return true; // a newer choice is being checked
    if (loaded) setCoverModule(loaded);
    if (refusal || !file) {
      update('childPhoto', null);
      // Shown for the empty photo field: it goes once another photo is chosen.
      if (refusal) showError(refusal, ['childPhoto'], false, 'other', { childPhoto: null });
      return false;
    }
    update('childPhoto', file);
    setPhotoVersion((version) => version + 1);
    setError((current) => (current?.fields.includes('childPhoto') ? null : current));
    return true;
  }

  function startOver() {
    void draft.clear().catch(() => undefined);
    // A photo still being checked is not put back into the emptied form, nor is an order sent.
    photoCheck.current += 1;
    setCheckingPhoto(false);
    setSendAfterCheck(false);
    setValues(defaults(formatFromLink ?? initialFormat));
    setPhotoVersion((version) => version + 1);
    setPhotoInputKey((key) => key + 1);
    setError(null);
    document.getElementById('child-name')?.focus();
  }

  const photoChosen = values.childPhoto !== null;
  useEffect(() => {
    if (!sendAfterCheck || checkingPhoto) return;
    setSendAfterCheck(false);
    // A refused photo leaves none, with its own message showing: the parent sends again once
    // another is chosen.
    if (photoChosen) formRef.current?.requestSubmit();
  }, [sendAfterCheck, checkingPhoto, photoChosen]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (checkingPhoto) {
      setSendAfterCheck(true);
      return;
    }
    const problem = validateOrderForm(values, limits, catalogue.shippingDestinations);
    if (problem) {
      // Every blank address field is marked, not just the first, so none is missed.
      showError(problem.message, problem.fields ?? [problem.field], true, 'form');
      return;
    }
    setError(null);
    const failure = await submit(
      values,
      { link: draft.link, photoVersion, onLinked: draft.rememberOrder, onPaidElsewhere: draft.finish },
      adding,
    );
    if (failure) showError(failure.message, failure.field ? [failure.field] : []);
  }

  const printed = values.bookFormat === 'printed';
  const plan = plans.find((candidate) => candidate.format === values.bookFormat);
  const invalidFields = error?.fields ?? [];
  const section = { values, update, invalidFields, errorId: ERROR_ID, errorMessage: error?.message ?? null };
  const hasDraft = !adding && draft.restored && (draft.link !== null || hasAnythingTyped(values));
  // Added to a checkout, the book costs the family discount less (the server prices it).
  const { percentOff, description: familyDiscount } = catalogue.familyDiscount;
  const priceCents = plan && adding ? plan.priceCents - Math.round((plan.priceCents * percentOff) / 100) : plan?.priceCents;
  const lesson = catalogue.lifeLessons.find((each) => each.value === values.moral)?.label ?? null;
  const showCover = values.childName.trim() !== '' && photoUrl !== null;
  const CoverPreview = coverModule?.default ?? LazyCoverPreview;

  return (
    <>
      <form
        ref={formRef}
        className="order-form"
        noValidate
        aria-busy={busy}
        inert={busy}
        onSubmit={(event) => void handleSubmit(event)}
      >
        {/* Disabled until this browser's draft is back (and so until the page is hydrated: the
            prerendered form arrives disabled), so nothing typed or chosen before is lost. */}
        <fieldset className="order-form__fields" disabled={!draft.restored}>
          {error && (
            <div key={error.key} ref={alertRef} id={ERROR_ID} className="order-form__alert" role="alert" tabIndex={-1}>
              {error.message}
            </div>
          )}

          {adding && (
            <div className="order-form__adding">
              <p>This book joins your checkout: {familyDiscount}. You pay for all of them together on the payment page.</p>
              <Link to={adding.returnTo} onClick={stopAddingBook}>
                Back to your checkout
              </Link>
            </div>
          )}
          <p className="order-form__required-note">All fields are required unless marked optional.</p>
          {hasDraft && (
            <div className="order-form__draft">
              <p>What you enter is kept in this browser until your order is paid.</p>
              <button type="button" className="button button--secondary order-form__start-over" onClick={startOver}>
                Start over
              </button>
            </div>
          )}

          <FormSection step={1} id="photo-title" title="Your child's photo">
            <PhotoField
              key={photoInputKey}
              photo={values.childPhoto}
              maxBytes={limits.photoMaxBytes}
              onChoose={choosePhoto}
              invalidFields={invalidFields}
              errorId={ERROR_ID}
              errorMessage={section.errorMessage}
            />
          </FormSection>

          <FormSection step={2} id="child-title" title="About your child">
            <ChildDetailsFields {...section} limits={limits} />
            <DedicationField {...section} maxLength={limits.dedicationMaxLength} />
          </FormSection>

          <FormSection
            step={3}
            id="lesson-title"
            title="Choose a life lesson"
            intro="The story gently shows your child why it matters."
          >
            <LessonChoice {...section} lessons={catalogue.lifeLessons} labelledBy="lesson-title" />
          </FormSection>

          <FormSection step={4} id="format-title" title="Choose your book">
            <FormatChoice values={values} update={update} plans={plans} currency={currency} labelledBy="format-title" />
            {printed && <StyleChoice values={values} update={update} styles={catalogue.bookStyles} />}
            {showCover && (
              <div className="order-form__cover">
                <h3 className="order-form__cover-title">Your book's cover</h3>
                <Suspense fallback={null}>
                  <CoverPreview
                    childName={values.childName}
                    bookStyle={printed ? values.bookStyle : null}
                    photoUrl={photoUrl}
                    lesson={lesson}
                  />
                </Suspense>
              </div>
            )}
          </FormSection>

          <FormSection step={5} id="delivery-title" title="Delivery details">
            <div className="field">
              <label className="field__label" htmlFor="parent-email">
                Email
              </label>
              <input
                id="parent-email"
                className="field__control"
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                spellCheck="false"
                required
                ref={emailRef}
                value={values.email}
                onChange={(event) => {
                  update('email', event.target.value);
                  if (emailSuggestion) setEmailSuggestion(null);
                }}
                onBlur={() => {
                  const typed = values.email;
                  void loadEmailSuggestion().then(
                    // Only for what is still in the field: a change meanwhile brings its own blur.
                    ({ suggestEmail }) => emailRef.current?.value === typed && setEmailSuggestion(suggestEmail(typed)),
                    () => undefined, // no suggestion then: the address is still checked when the order is sent
                  );
                }}
                {...fieldAria(section, 'email', emailSuggestion ? 'email-hint email-suggestion' : 'email-hint')}
              />
              <FieldProblem field="email" {...section} />
              <p id="email-suggestion" className="field__suggestion" aria-live="polite">
                {emailSuggestion && (
                  <>
                    Did you mean <strong>{emailSuggestion}</strong>?{' '}
                    <button
                      type="button"
                      className="field__suggestion-accept"
                      onClick={() => {
                        update('email', emailSuggestion);
                        setEmailSuggestion(null);
                        emailRef.current?.focus();
                      }}
                    >
                      Yes, use it
                    </button>
                  </>
                )}
              </p>
              <p id="email-hint" className="field__hint">
                {printed
                  ? "We'll send your order confirmation and shipping updates here."
                  : "We'll send your order confirmation and your storybook's download link here."}
              </p>
            </div>
            {printed && <ShippingFields {...section} catalogue={catalogue} />}
            <GiftFields {...section} maxLength={limits.giftMessageMaxLength} maxDays={limits.giftDeliveryMaxDays} />
          </FormSection>

          <div className="order-form__finish">
            <div className="terms">
              <input
                id="accept-terms"
                className="terms__checkbox"
                type="checkbox"
                name="acceptTerms"
                required
                checked={values.acceptTerms}
                onChange={(event) => update('acceptTerms', event.target.checked)}
                {...fieldAria(section, 'acceptTerms', 'terms-links')}
              />
              <div>
                <label className="terms__label" htmlFor="accept-terms">
                  I accept the terms and conditions
                </label>
                <FieldProblem field="acceptTerms" {...section} />
                <p id="terms-links" className="field__hint">
                  Read our{' '}
                  <a href="/terms" target="_blank" rel="noopener noreferrer">
                    Terms of Service
                  </a>{' '}
                  and{' '}
                  <a href="/privacy" target="_blank" rel="noopener noreferrer">
                    Privacy Policy
                  </a>{' '}
                  (they open in a new tab).
                </p>
              </div>
            </div>

            {plan && priceCents !== undefined && (
              <p className="order-form__total">
                <span>
                  {plan.title}
                  {adding && <span className="order-form__family"> with the family discount</span>}
                </span>
                <strong>
                  {adding && <s className="order-form__list-price">{formatPrice(plan.priceCents, currency)}</s>}{' '}
                  {formatPrice(priceCents, currency)} <span className="order-form__currency">{currency}</span>
                </strong>
              </p>
            )}

            <button type="submit" className="button button--primary order-form__submit" disabled={busy}>
              {busy
                ? 'Processing...'
                : sendAfterCheck
                  ? 'Checking your photo...'
                  : adding
                    ? 'Add This Book'
                    : "Create My Child's Storybook"}
            </button>
            <p className="order-form__reassure">
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h1Zm2 0h6V7a3 3 0 0 0-6 0v3Z" />
              </svg>{' '}
              You'll review your order and pay securely on the next page.
            </p>
          </div>
        </fieldset>
      </form>
      {status !== 'idle' && <ProcessingOverlay />}
    </>
  );
}
