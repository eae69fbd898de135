/**
 * SQL the shop runs often and always in the same words, named so that the database parses it once
 * per connection rather than on every run (PostgreSQL's named prepared statements).
 * The text is still what the caller hands to TypeORM; the shop's database client (db/pg-client.ts)
 * sends a text registered here under its name.
 *
 * Only constant texts belong here: each name is kept by every connection for as long as it lives.
 * A connection pooler in front of PostgreSQL must keep prepared statements per client (PgBouncer's
 * session pooling, or `max_prepared_statements` from PgBouncer 1.21 on).
 */
const nameOfText = new Map<string, string>();
const textOfName = new Map<string, string>();

/** Registers `text` as the statement `name` and returns the text; a name or a text already registered otherwise throws. */
export function preparedStatement(name: string, text: string): string {
  const takenText = textOfName.get(name);
  if (takenText !== undefined && takenText !== text)
    throw new Error(`Prepared statement ${name} is registered already, with another text`);
  const takenName = nameOfText.get(text);
  if (takenName !== undefined && takenName !== name)
    throw new Error(`This text is registered already, as prepared statement ${takenName}`);
  nameOfText.set(text, name);
  textOfName.set(name, text);
  return text;
}

/** The name `text` was registered under, if it was. */
export function preparedStatementName(text: string): string | undefined {
  return nameOfText.get(text);
}
