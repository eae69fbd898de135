import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSchema, printSchemaSDL } from './schema';

describe('schema.graphql', () => {
  it('is what the resolvers print (run `npm run schema` after changing them)', async () => {
    const committed = readFileSync(path.resolve(__dirname, '..', '..', '..', 'schema.graphql'), 'utf8');
    expect(committed).toBe(printSchemaSDL(await createSchema()));
  });
});
