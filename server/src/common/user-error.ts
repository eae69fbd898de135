import { Field, ObjectType } from 'type-graphql';

/** An expected failure, carried as data in a mutation payload with the text the user sees. */
@ObjectType({ description: 'An expected failure: the message is meant to be shown to the user as it is.' })
export class UserError {
  @Field(() => String, { nullable: true, description: 'The input field at fault (dotted path), if any.' })
  field: string | null;

  @Field(() => String)
  message: string;

  constructor(message: string, field: string | null = null) {
    this.message = message;
    this.field = field;
  }
}

/** Thrown inside a service to abort a transaction and come back to the caller as a UserError. */
export class UserFacingError extends Error {
  constructor(
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'UserFacingError';
  }

  toUserError(): UserError {
    return new UserError(this.message, this.field);
  }
}

/** What a service hands back for an expected failure: the value, or the error the user sees. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: UserError };
