/**
 * What keeps CI honest: a focused test fails the lint (it would turn the rest of its file off),
 * and under CI Playwright refuses a focused test and fails on a test that passed only on a retry.
 */
import path from 'node:path';
import type { PlaywrightTestConfig } from '@playwright/test';
import { lintMessages } from '../support/lint-text';

const root = path.resolve(__dirname, '..', '..');

async function focusErrors(code: string, file: string): Promise<number> {
  const messages = await lintMessages(code, file, 'no-restricted-syntax');
  return messages.filter((message) => /focus/.test(message)).length;
}

describe('a focused test', () => {
  it('fails the lint in jest files, each way of focusing one', async () => {
    const code = [
      "describe.only('a', () => undefined);",
      "it.only('b', () => undefined);",
      "test.only('c', () => undefined);",
      "it.each([1]).only('d %s', () => undefined);",
      "fit('e', () => undefined);",
      "fdescribe('f', () => undefined);",
      "it('g', () => undefined);",
    ].join('\n');
    expect(await focusErrors(code, 'test/api/order-page.test.ts')).toBe(6);
  }, 60_000);

  it('fails the lint in browser tests', async () => {
    const code = [
      "import { test } from '@playwright/test';",
      "test.describe.only('a', () => undefined);",
      "test.describe.serial.only('b', () => undefined);",
      "test.only('c', async () => undefined);",
      "test('d', async () => undefined);",
    ].join('\n');
    expect(await focusErrors(code, 'test/e2e/admins.spec.ts')).toBe(3);
  }, 60_000);
});

describe('the browser tests under CI', () => {
  it('refuse a focused test and fail on a flaky one', async () => {
    const previous = process.env.CI;
    process.env.CI = 'true';
    try {
      jest.resetModules();
      // By path: the config is the browser tests' module, outside this project's type check.
      const { default: config } = (await import(path.join(root, 'playwright.config.ts'))) as { default: PlaywrightTestConfig };
      expect(config).toMatchObject({ forbidOnly: true, failOnFlakyTests: true, retries: 1 });
    } finally {
      if (previous === undefined) delete process.env.CI;
      else process.env.CI = previous;
    }
  });
});
