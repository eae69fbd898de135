import '@testing-library/jest-dom/jest-globals';
import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/react';

// jsdom has no TextEncoder, which react-router needs when it loads.
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// findBy* and waitFor wait at most this long for what a person would see. Testing Library's 1 s
// is too short on a busy shared machine, where a lazily loaded page can take longer to appear
// while the other test files run beside it; a test that passes still passes as soon as it can.
configure({ asyncUtilTimeout: 15_000 });
