/** Writes schema.graphql at the repo root from the code-first schema (npm run schema). */
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createSchema, printSchemaSDL } from '../api/schema';

async function run(): Promise<void> {
  const target = path.resolve(__dirname, '..', '..', '..', 'schema.graphql');
  writeFileSync(target, printSchemaSDL(await createSchema()));
  process.stdout.write(`wrote ${target}\n`);
}

run().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
