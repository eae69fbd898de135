import { IsIn, IsNotEmpty, ValidateNested } from 'class-validator';
import { firstInputError, IsEmailAddress, MaxChars, NoControlCharacters, rule } from './input-validation';
import { UserError, UserErrorCode } from './user-error';

class Address {
  @IsNotEmpty(rule('Address incomplete', 2))
  city = 'Toronto';

  @IsIn(['Canada'], rule('Wrong country', 3))
  country = 'Canada';
}

class Form {
  // Declared last-rule-first on purpose: the step decides, not the decorator's position.
  @MaxChars(3, rule('Name too long', 1))
  @IsNotEmpty(rule('Missing', 0))
  name = 'Leo';

  @IsEmailAddress(rule('Bad e-mail', 1))
  @IsNotEmpty(rule('Missing', 0))
  email = 'leo@example.com';

  @ValidateNested()
  address = new Address();

  @IsNotEmpty(rule('Whole form', 4, null))
  consent = 'yes';
}

const form = (change: Partial<Form>) => Object.assign(new Form(), change);

describe('firstInputError', () => {
  it('accepts an input that keeps every rule', () => {
    expect(firstInputError(new Form())).toBeNull();
  });

  it('reports the lowest step first, whatever the property order', () => {
    expect(firstInputError(form({ name: 'Leonardo', email: '' }))).toEqual(
      new UserError(UserErrorCode.INVALID_INPUT, 'Missing', 'email'),
    );
  });

  it('breaks a tie between steps by the order the properties are declared in', () => {
    expect(firstInputError(form({ name: '', email: '' }))?.field).toBe('name');
    expect(firstInputError(form({ name: 'Leonardo', email: 'nope' }))?.message).toBe('Name too long');
  });

  it('names a nested property by its dotted path', () => {
    const address = Object.assign(new Address(), { city: '', country: 'Mars' });
    expect(firstInputError(form({ address }))).toEqual(
      new UserError(UserErrorCode.INVALID_INPUT, 'Address incomplete', 'address.city'),
    );
  });

  it('leaves the field out when the rule speaks for the whole form', () => {
    expect(firstInputError(form({ consent: '' }))).toEqual(new UserError(UserErrorCode.INVALID_INPUT, 'Whole form', null));
  });

  it('refuses an object without rules rather than letting it through', () => {
    expect(firstInputError({ anything: 1 })).not.toBeNull();
  });
});

describe("the shop's own rules", () => {
  class Text {
    @MaxChars(2, rule('Too long'))
    @NoControlCharacters(rule('Control character'))
    value: string;
  }
  const check = (value: string) => firstInputError(Object.assign(new Text(), { value }))?.message ?? null;

  it('counts characters as the user sees them and refuses control characters', () => {
    expect(check('👧👦')).toBeNull();
    expect(check('abc')).toBe('Too long');
    expect(check('a\u0000')).toBe('Control character');
  });
});
