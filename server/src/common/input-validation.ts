/**
 * The one way the shop checks what a client sends: the class-validator decorators on the
 * GraphQL input and args classes are the rules, and `firstInputError` runs them and reports
 * the first failure as the UserError the user sees (one message at a time, like the form).
 *
 * "First" is deterministic: the lowest step (a rule's place in the spec's order, given by
 * `rule(message, step)` on its decorator), then the order the properties are declared in,
 * a nested input's properties at their parent's place.
 *
 * TypeGraphQL's own validation stays off (schema.ts): it would throw before the resolver runs,
 * and a refusal belongs in the mutation's payload, not in the response's errors.
 */
import { type ValidationError, type ValidationOptions, ValidateBy, validateSync } from 'class-validator';
import { isEmailAddress } from './email';
import { UserError, UserErrorCode } from './user-error';

interface RuleContext {
  step: number;
  field?: string | null;
}

/**
 * A decorator's options: the message the user sees and the rule's place in the order of
 * checks. The failure names the property as its field, unless `field` says otherwise
 * (null: the message is about the whole form).
 */
export function rule(message: string, step = 0, field?: string | null): ValidationOptions {
  const context: RuleContext = field === undefined ? { step } : { step, field };
  return { message, context };
}

interface Failure {
  field: string | null;
  message: string;
  step: number;
}

function failures(errors: readonly ValidationError[], parent = ''): Failure[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([type, message]) => {
      const context = error.contexts?.[type] as RuleContext | undefined;
      return { field: context?.field === undefined ? field : context.field, message, step: context?.step ?? 0 };
    });
    return [...own, ...failures(error.children ?? [], field)];
  });
}

/** The first rule `input` (an instance of a decorated class) breaks, or null when it keeps them all. */
export function firstInputError(input: object): UserError | null {
  const errors = validateSync(input, {
    // An object with no rules at all is a mistake in the code, not a valid input.
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
  });
  // Array#sort is stable: failures of the same step keep the declaration order.
  const [first] = failures(errors).sort((a, b) => a.step - b.step);
  return first ? new UserError(UserErrorCode.INVALID_INPUT, first.message, first.field) : null;
}

// Rules class-validator does not have in the shop's exact form.

/** At most `max` characters, counted as the user sees them (an emoji is one). */
export function MaxChars(max: number, options: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'maxChars',
      constraints: [max],
      validator: { validate: (value) => typeof value === 'string' && [...value].length <= max },
    },
    options,
  );
}

// Control characters have no place in a name, an address or a search (a newline would break a
// label), and a NUL byte cannot even be stored in a PostgreSQL text column.
const CONTROL = /\p{Cc}/u;
// Text of several lines keeps its line breaks and tabs, and nothing else of the kind.
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

/** A single line of text: no control characters at all. */
export function NoControlCharacters(options: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'noControlCharacters', validator: { validate: (value) => typeof value === 'string' && !CONTROL.test(value) } },
    options,
  );
}

/** Text of several lines: line breaks and tabs, but no other control characters (a NUL byte above all). */
export function PlainText(options: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'plainText', validator: { validate: (value) => typeof value === 'string' && !CONTROL_BUT_LINES.test(value) } },
    options,
  );
}

// A dedication is printed as typed: its line breaks are kept, and nothing else of the kind.
const CONTROL_BUT_LINE_BREAKS = /(?![\n\r])\p{Cc}/u;

/** Text of several lines to be printed: line breaks, but no tabs or other control characters. */
export function PrintableLines(options: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'printableLines',
      validator: { validate: (value) => typeof value === 'string' && !CONTROL_BUT_LINE_BREAKS.test(value) },
    },
    options,
  );
}

/** text@text.text with no spaces, within the length every e-mail column allows (common/email.ts). */
export function IsEmailAddress(options: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'isEmailAddress', validator: { validate: (value) => typeof value === 'string' && isEmailAddress(value) } },
    options,
  );
}
