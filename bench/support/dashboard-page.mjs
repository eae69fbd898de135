// The admin dashboard as the browser benchmarks open it: a signed-in tab, the list's first rows.

/** The status filter's options after "All Orders", in order: one ArrowDown each. */
export const STATUSES = ['Pending', 'Paid', 'Completed', 'Shipped', 'Cancelled', 'Refunded'];

/** A tab in a context of its own, 1280 x 900, with the session cookie `signIn` answered. */
export async function signedInTab(browser, base, cookie) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const [name, value] = cookie.split(';')[0].split('=');
  await context.addCookies([{ name, value, url: base }]);
  return { context, page: await context.newPage() };
}

/** Opens the dashboard in `page` and waits until its list shows rows and is no longer busy. */
export async function openDashboard(page, base) {
  await page.goto(`${base}/admin/dashboard`);
  await page.locator('.admin-dashboard__list[aria-busy="false"] .status-badge').first().waitFor({ timeout: 60_000 });
}
