/**
 * GraphiQL at /graphiql works with no internet: it loads from the shop alone, runs a query,
 * and, with the shop's cookie, an admin's query too. Nothing is requested from anywhere else
 * and its page's policy blocks nothing.
 */
import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';

/** Requests to anywhere but the shop, and policy violations. */
function watch(page: Page, origin: string) {
  const offsite: string[] = [];
  const violations: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) offsite.push(url);
  });
  // Chromium reports every blocked load on the console.
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return { offsite, violations };
}

const response = (page: Page) => page.locator('.graphiql-response');

/**
 * Waits until the editor holds the query, then runs it. The editor is GraphiQL's largest script
 * and loads after the page: on a busy machine that takes longer than a page's own text.
 */
async function executeOnceLoaded(page: Page, text: string) {
  await expect(page.locator('.graphiql-query-editor')).toContainText(text, { timeout: 30_000 });
  await page.getByRole('button', { name: /execute query/i }).click();
}

test('GraphiQL runs a query from the shop alone, with no request leaving the machine', async ({ page, baseURL }) => {
  const seen = watch(page, baseURL!);
  await page.goto('/graphiql');
  await executeOnceLoaded(page, 'catalogue');
  await expect(response(page)).toContainText('"title": "Digital Comic Book"');
  await expect(response(page)).toContainText('"title": "Premium Printed Storybook"');
  expect(seen.offsite).toEqual([]);
  expect(seen.violations).toEqual([]);
});

test("GraphiQL sends the shop's cookie, so a signed-in admin can run admin queries", async ({ page, baseURL }) => {
  const seen = watch(page, baseURL!);
  const ORDERS = '{ orders { totalCount } }';
  const execute = () => page.getByRole('button', { name: /execute query/i }).click();
  await page.goto(`/graphiql?query=${encodeURIComponent(ORDERS)}`);
  await executeOnceLoaded(page, 'totalCount');
  await expect(response(page)).toContainText('UNAUTHENTICATED');

  const login = await page.request.post('/graphql', {
    data: {
      query: 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { admin { id } } }',
      variables: { e: E2E_ADMIN.email, p: E2E_ADMIN.password },
    },
  });
  expect((await login.json()).data.login.admin).not.toBeNull();
  await execute();
  await expect(response(page)).toContainText('"totalCount"');
  await expect(response(page)).not.toContainText('UNAUTHENTICATED');
  expect(seen.offsite).toEqual([]);
  expect(seen.violations).toEqual([]);
});
