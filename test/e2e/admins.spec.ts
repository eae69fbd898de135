/**
 * Admins from the portal and the CSV export, in the browser against the real server: an admin
 * invites a colleague, who chooses a password from the link and is signed in; an admin exports
 * the orders the dashboard shows.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { graveAxeViolations, fitsWidth } from './support/page-checks';
import { E2E_ADMIN } from '../../playwright.config';
import { createOrderByApi, createPaidOrderByApi, loginAsAdmin, searchOrders, uniqueName } from './support/shop';
import { atBothWidths } from './support/widths';

test.describe('admins from the portal', () => {
  test('an admin adds an admin, who sets a password from the link and signs in', async ({ page, browser }) => {
    const email = `${uniqueName('staff')}@example.com`;
    await loginAsAdmin(page);
    await page.getByRole('banner').getByRole('link', { name: 'Admins' }).click();
    await page.waitForURL('**/admin/admins');
    await expect(page.getByRole('heading', { level: 1, name: 'Admins' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: E2E_ADMIN.email })).toContainText('(you)');

    await page.getByLabel('Email of the new admin').fill(email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const linkBox = page.getByLabel('Invitation link');
    await expect(linkBox).toHaveValue(/\/admin\/invite\/[A-Za-z0-9_-]{43}$/);
    const link = new URL(await linkBox.inputValue());

    const invitee = await browser.newContext();
    const inviteePage = await invitee.newPage();
    await inviteePage.goto(link.pathname);
    await expect(inviteePage.getByText(email)).toBeVisible();
    await inviteePage.getByLabel('Password (at least 12 characters)').fill('too short');
    await inviteePage.getByLabel('Password again').fill('too short');
    await inviteePage.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(inviteePage.getByRole('alert')).toHaveText('The password must be at least 12 characters long.');
    await inviteePage.getByLabel('Password (at least 12 characters)').fill('a password of my own');
    await inviteePage.getByLabel('Password again').fill('a password of my own');
    await inviteePage.getByRole('button', { name: 'Set password and sign in' }).click();
    await inviteePage.waitForURL('**/admin/dashboard');
    await expect(inviteePage.getByRole('banner')).toContainText(email);

    // The link worked once.
    await inviteePage.goto(link.pathname);
    await expect(inviteePage.getByRole('alert')).toHaveText(
      'This invitation link has expired, was withdrawn or has already been used. Ask an admin for a new one.',
    );
    await invitee.close();

    await page.reload();
    const row = page.getByRole('listitem', { name: email });
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: `Disable ${email}` }).click();
    await expect(row).toContainText('Disabled');
  });

  test('an admin revokes an invitation, whose link then stops working', async ({ page, browser }) => {
    const email = `${uniqueName('revoked')}@example.com`;
    await loginAsAdmin(page);
    await page.goto('/admin/admins');
    await page.getByLabel('Email of the new admin').fill(email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const link = new URL(await page.getByLabel('Invitation link').inputValue());

    const waiting = page.getByRole('listitem', { name: `Invitation for ${email}` });
    await expect(waiting).toContainText(E2E_ADMIN.email);
    await waiting.getByRole('button', { name: `Revoke invitation for ${email}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The invitation is revoked' })).toBeVisible();
    await expect(waiting).toHaveCount(0);

    const invitee = await browser.newContext();
    const inviteePage = await invitee.newPage();
    await inviteePage.goto(link.pathname);
    await expect(inviteePage.getByRole('alert')).toHaveText(
      'This invitation link has expired, was withdrawn or has already been used. Ask an admin for a new one.',
    );
    await invitee.close();
  });

  test('the Admins screen fits 390 and 1280 px without sideways scrolling and passes axe', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsAdmin(page);
    await page.goto('/admin/admins');
    await page.getByLabel('Email of the new admin').fill(`${uniqueName('fit')}@example.com`);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByLabel('Invitation link')).toBeVisible();
    await atBothWidths(page, async (width) => {
      await fitsWidth(page, width);
      expect(await graveAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: `test-results/admins-${width}.png`, fullPage: true });
    });
  });
});

test.describe('the CSV export', () => {
  test('downloads the orders of the current filter and search, every one of them', async ({ page, request }) => {
    const tag = uniqueName('Csv');
    await createPaidOrderByApi(request, { childName: `${tag}Paid`, email: `${tag.toLowerCase()}.a@example.com` });
    await createPaidOrderByApi(request, { childName: `${tag}Comma`, email: `${tag.toLowerCase()}.b@example.com` });
    await createOrderByApi(request, { childName: `${tag}Pending`, email: `${tag.toLowerCase()}.c@example.com` });

    await loginAsAdmin(page);
    await searchOrders(page, tag);
    await page.getByLabel('Status').selectOption('Paid');
    await expect(page.getByText('2 orders', { exact: true })).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`orders-${new Date().toISOString().slice(0, 10)}.csv`);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Order ID,Reference,Created,Status,/);
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((line) => line.includes(',Paid,') && line.includes(tag))).toBe(true);
    expect(lines.join('\n')).not.toContain(`${tag}Pending`);
    await page.screenshot({ path: 'test-results/dashboard-export.png' });
  });

  test('a staff e-mail link opens the order in the dashboard', async ({ page, request }) => {
    const childName = uniqueName('Lnk');
    const orderId = await createPaidOrderByApi(request, { childName });
    await loginAsAdmin(page);
    await page.goto(`/admin/dashboard?order=${orderId}`);
    await expect(page.getByRole('dialog').getByRole('heading', { level: 2, name: `${childName}'s order` })).toBeVisible();
  });
});
