import { Field, ObjectType, registerEnumType } from 'type-graphql';

/**
 * Why a request was refused, stable across wording changes: clients branch on the code and
 * show the message.
 */
export enum UserErrorCode {
  INVALID_INPUT = 'INVALID_INPUT',
  NOT_FOUND = 'NOT_FOUND',
  WRONG_STATUS = 'WRONG_STATUS',
  PAYMENT_DECLINED = 'PAYMENT_DECLINED',
  PAYMENT_FAILED = 'PAYMENT_FAILED',
  PAYMENT_ACCOUNT_RESTRICTED = 'PAYMENT_ACCOUNT_RESTRICTED',
  NOT_AVAILABLE = 'NOT_AVAILABLE',
  INVALID_CREDENTIALS = 'INVALID_CREDENTIALS',
  RATE_LIMITED = 'RATE_LIMITED',
  NOT_ALLOWED = 'NOT_ALLOWED',
  INTERNAL_FAILURE = 'INTERNAL_FAILURE',
}
registerEnumType(UserErrorCode, {
  name: 'UserErrorCode',
  description: 'Why a request was refused. Branch on the code; show the message.',
  valuesConfig: {
    INVALID_INPUT: { description: 'A value is missing or not acceptable; `field` names it when there is one.' },
    NOT_FOUND: { description: 'The order, payment or link does not exist (or the token does not match it).' },
    WRONG_STATUS: { description: 'The order is not in a status that allows this (e.g. already paid).' },
    PAYMENT_DECLINED: { description: 'The card or payment method was declined; the customer may try another.' },
    PAYMENT_FAILED: { description: 'The payment has not gone through, does not match the order, or pays another order.' },
    PAYMENT_ACCOUNT_RESTRICTED: { description: "The shop's own account with the payment provider is restricted." },
    NOT_AVAILABLE: { description: "This shop's set-up does not offer the operation (e.g. test cards outside the sandbox)." },
    INVALID_CREDENTIALS: { description: 'The e-mail or password is wrong.' },
    RATE_LIMITED: { description: 'Too many attempts, or too many of them in one request.' },
    NOT_ALLOWED: {
      description: 'The shop does not allow this here (disabling yourself, the last active owner, a disabled account).',
    },
    INTERNAL_FAILURE: { description: "Something failed on the shop's side; nothing was changed, so trying again is safe." },
  },
});

/** An expected failure, carried as data in a mutation payload with the text the user sees. */
@ObjectType({ description: 'An expected failure: the message is meant to be shown to the user as it is.' })
export class UserError {
  @Field(() => UserErrorCode, { description: 'What kind of refusal this is; stable, unlike the message.' })
  code: UserErrorCode;

  @Field(() => String, { nullable: true, description: 'The input field at fault (dotted path), if any.' })
  field: string | null;

  @Field(() => String)
  message: string;

  constructor(code: UserErrorCode, message: string, field: string | null = null) {
    this.code = code;
    this.message = message;
    this.field = field;
  }
}

/** Thrown inside a service to abort a transaction and come back to the caller as a UserError. */
export class UserFacingError extends Error {
  constructor(
    readonly code: UserErrorCode,
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'UserFacingError';
  }

  toUserError(): UserError {
    return new UserError(this.code, this.message, this.field);
  }
}

/** What a service hands back when it may refuse: the value, or the error the user sees. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: UserError };

export function succeed<T>(value: T): Outcome<T> {
  return { ok: true, value };
}

export function refuse(code: UserErrorCode, message: string, field: string | null = null): Outcome<never> {
  return refusal(new UserError(code, message, field));
}

/** A refusal thrown inside a service (to roll its transaction back), as an outcome; anything else is rethrown. */
/** The refusal `error` as an outcome: what a check found wrong (a UserError it already made). */
export function refusal(error: UserError): Outcome<never> {
  return { ok: false, error };
}

export function refusalOf(error: unknown): Outcome<never> {
  if (error instanceof UserFacingError) return refusal(error.toUserError());
  throw error;
}
