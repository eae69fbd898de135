import { preparedStatement, preparedStatementName } from './prepared-statements';

describe('prepared statements', () => {
  it('names a registered text and no other', () => {
    const text = preparedStatement('test_one', 'SELECT 1');
    expect(text).toBe('SELECT 1');
    expect(preparedStatementName('SELECT 1')).toBe('test_one');
    expect(preparedStatementName('SELECT 3')).toBeUndefined();
  });

  it('takes the same registration twice, and refuses a name or a text that is already another’s', () => {
    preparedStatement('test_two', 'SELECT 2');
    expect(preparedStatement('test_two', 'SELECT 2')).toBe('SELECT 2');
    expect(() => preparedStatement('test_two', 'SELECT 22')).toThrow(
      'Prepared statement test_two is registered already, with another text',
    );
    expect(() => preparedStatement('test_other', 'SELECT 2')).toThrow(
      'This text is registered already, as prepared statement test_two',
    );
    expect(preparedStatementName('SELECT 22')).toBeUndefined();
    expect(preparedStatementName('SELECT 2')).toBe('test_two');
  });
});
