import { GraphQLError } from 'graphql';
import { toPayload, valueOrBadInput } from './payload';
import { refuse, succeed, UserError, UserErrorCode } from '../common/user-error';

describe('toPayload', () => {
  it('puts an accepted value in the payload with no userErrors', () => {
    expect(toPayload(succeed({ id: 'o1' }), (order) => ({ order }), { order: null })).toEqual({
      order: { id: 'o1' },
      userErrors: [],
    });
  });

  it("answers a refusal with the payload's empty fields and the one error, code included", () => {
    const payload = toPayload(
      refuse(UserErrorCode.WRONG_STATUS, 'This order has already been paid.'),
      () => ({ succeeded: true }),
      {
        succeeded: false,
      },
    );
    expect(payload).toEqual({
      succeeded: false,
      userErrors: [new UserError(UserErrorCode.WRONG_STATUS, 'This order has already been paid.', null)],
    });
  });
});

describe('valueOrBadInput', () => {
  it('hands back an accepted value', () => {
    expect(valueOrBadInput(succeed(3))).toBe(3);
  });

  it('turns a refusal into a BAD_USER_INPUT error carrying its code and field', () => {
    let thrown: unknown;
    try {
      valueOrBadInput(refuse(UserErrorCode.INVALID_INPUT, 'Invalid cursor', 'after'));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(GraphQLError);
    expect((thrown as GraphQLError).message).toBe('Invalid cursor');
    expect((thrown as GraphQLError).extensions).toEqual({
      code: 'BAD_USER_INPUT',
      userErrorCode: 'INVALID_INPUT',
      field: 'after',
    });
  });
});
