/**
 * IndexedDB for client tests: fake-indexeddb, plus the structuredClone it stores values with
 * (jsdom has none; Node's v8 serialiser does the same job).
 */
import 'fake-indexeddb/auto';

import { deserialize, serialize } from 'node:v8';

if (typeof globalThis.structuredClone === 'undefined') {
  globalThis.structuredClone = ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
}
