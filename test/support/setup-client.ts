import '@testing-library/jest-dom/jest-globals';
import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/react';

// jsdom has no TextEncoder, which react-router needs when it loads.
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// jsdom's Blob has no arrayBuffer(), which every browser the admin portal runs in has.
interface JsdomFileReader {
  result: unknown;
  error: Error | null;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  readAsArrayBuffer(blob: Blob): void;
}
if (typeof Blob.prototype.arrayBuffer !== 'function') {
  const { FileReader } = globalThis as unknown as { FileReader: new () => JsdomFileReader };
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error ?? new Error('Could not read the blob'));
      reader.readAsArrayBuffer(this);
    });
  };
}

// findBy* and waitFor wait at most this long for what a person would see. Testing Library's 1 s
// is too short on a busy shared machine, where a lazily loaded page can take longer to appear
// while the other test files run beside it; a test that passes still passes as soon as it can.
configure({ asyncUtilTimeout: 15_000 });
