import { expect, type Page, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chunksBeyondEntry, type ViteManifest } from '../../client/src/prerender/manifest-chunks';
import { adminOrder, chooseChildPhoto, pngPhoto } from './support/shop';
import { fitsWidth } from './support/page-checks';
import { WIDTHS } from './support/widths';

async function choosePhoto(page: Page, name: string, mimeType: string, buffer: Buffer) {
  // The form is disabled until the page is hydrated and any draft restored (fill and check wait by themselves).
  await expect(page.getByLabel("Child's photo", { exact: true })).toBeEnabled();
  await page.getByLabel("Child's photo", { exact: true }).setInputFiles({ name, mimeType, buffer });
}

async function submit(page: Page) {
  await page.getByRole('button', { name: "Create My Child's Storybook" }).click();
}

const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/**
 * The addresses of Apollo Client's code in the build: its chunk and the chunks it imports, but for
 * those the app's entry imports too (React's JSX runtime).
 */
function apolloChunkPaths(): string[] {
  const manifestFile = path.join(__dirname, '..', '..', 'client', 'dist', '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest;
  return chunksBeyondEntry(manifest)(['src/apollo-provider.tsx']);
}

test.describe('the order form', () => {
  for (const width of WIDTHS) {
    test(`asks "Did you mean …@gmail.com?" for a mistyped e-mail and fixes it in one tap, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/create');
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const email = page.getByLabel('Email', { exact: true });
      await email.fill('a.rather.long.parent.name@hotmial.con');
      await email.press('Tab');
      const hint = page.locator('#email-suggestion');
      await expect(hint).toHaveText('Did you mean a.rather.long.parent.name@hotmail.com? Yes, use it');
      await fitsWidth(page, width);
      await page.screenshot({ path: test.info().outputPath(`email-hint-${width}.png`) });
      await hint.getByRole('button', { name: 'Yes, use it' }).click();
      await expect(email).toHaveValue('a.rather.long.parent.name@hotmail.com');
      await expect(email).toBeFocused();
      await expect(hint).toBeEmpty();
    });
  }

  for (const width of WIDTHS) {
    test(`shows the photo's preview and the book's cover together, so the fields below move once, at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/create');
      await page.getByLabel("Child's name", { exact: true }).fill('Mia');
      // Each change the page makes is recorded: whether the preview and the cover are there, and where the terms box is.
      await page.evaluate(() => {
        const seen: Array<{ preview: boolean; cover: boolean; termsTop: number }> = [];
        Object.assign(window, { layoutSeen: seen });
        const terms = document.querySelector('input[name="acceptTerms"]')!;
        new MutationObserver(() => {
          seen.push({
            preview: document.querySelector('img[alt="Preview of your child\'s photo"]') !== null,
            cover: document.querySelector('[aria-label^="Book cover: "]') !== null,
            termsTop: Math.round(terms.getBoundingClientRect().top + window.scrollY),
          });
        }).observe(document.body, { childList: true, subtree: true, attributes: true });
      });
      await choosePhoto(page, 'mia.png', 'image/png', await pngPhoto());
      await expect(page.getByRole('img', { name: /^Book cover: / })).toBeVisible();
      const seen = await page.evaluate(
        () => (window as unknown as { layoutSeen: Array<{ preview: boolean; cover: boolean; termsTop: number }> }).layoutSeen,
      );
      expect(seen.filter((change) => change.preview && !change.cover)).toEqual([]);
      expect(new Set(seen.map((change) => change.termsTop)).size).toBeLessThanOrEqual(2);
    });
  }

  test("shows the photo's preview even when the cover's code does not arrive, and draws no cover", async ({ page }) => {
    // The cover's code is held back as on a line that stalls: the preview must not wait for it.
    await page.route(/\/assets\/CoverPreview-[^/]*\.js$/, () => undefined);
    await page.goto('/create');
    await page.getByLabel("Child's name", { exact: true }).fill('Mia');
    await choosePhoto(page, 'mia.png', 'image/png', await pngPhoto());
    await expect(page.getByRole('img', { name: "Preview of your child's photo" })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Book cover: / })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test("checks each field in the spec's order, naming the first problem", async ({ page }) => {
    await page.goto('/create?type=printed');
    const expectFirstProblem = async (message: string) => {
      await submit(page);
      await expect(alertWith(page, message)).toBeVisible();
      await expect(page).toHaveURL(/\/create/);
    };

    await expectFirstProblem("Please enter your child's name.");
    await page.getByLabel("Child's name", { exact: true }).fill('   ');
    await expectFirstProblem("Please enter your child's name.");
    await page.getByLabel("Child's name", { exact: true }).fill('Mia');

    await expectFirstProblem('Please enter a valid age between 2-12.');
    await page.getByLabel('Age', { exact: true }).fill('13');
    await expectFirstProblem('Please enter a valid age between 2-12.');
    await page.getByLabel('Age', { exact: true }).fill('6');

    await expectFirstProblem('Please select a life lesson to teach.');
    await page.getByRole('radio', { name: 'Courage' }).check();

    await expectFirstProblem('Please enter a valid email address.');
    await page.getByLabel('Email', { exact: true }).fill('parent@example');
    await expectFirstProblem('Please enter a valid email address.');
    await page.getByLabel('Email', { exact: true }).fill('parent@example.com');

    await expectFirstProblem('Please upload a photo of your child.');
    await choosePhoto(page, 'mia.png', 'image/png', await pngPhoto());
    // The photo counts once it has been checked, which its preview shows: on a busy machine a
    // submit before then is told, rightly, that there is no photo yet.
    await expect(page.getByRole('img', { name: "Preview of your child's photo" })).toBeVisible();

    await expectFirstProblem('Please complete all shipping address fields.');
    await page.getByLabel('Full name').fill('Sam Parent');
    await page.getByLabel('Street address').fill('12 Oak Street');
    await page.getByLabel('City').fill('Portland');
    await page.getByLabel('ZIP code').fill('972');
    await expectFirstProblem('Please complete all shipping address fields.'); // state is still empty
    await page.getByLabel('State', { exact: true }).selectOption('OR');
    await expectFirstProblem('Please enter a valid ZIP code, like 12345 or 12345-6789.');
    await page.getByLabel('ZIP code').fill('97201');
    await page.getByLabel('Phone (optional)').fill('555-0123');
    await expectFirstProblem('Please enter a phone number with its area code, like 416-555-0123, or leave it blank.');
    await page.getByLabel('Phone (optional)').fill('503 555 0199');

    await expectFirstProblem('Please accept the terms and conditions.');
  });

  test('judges the photo the moment it is chosen', async ({ page }) => {
    await page.goto('/create');
    await choosePhoto(page, 'kid.png', 'image/png', Buffer.from('just some text, not a picture'));
    await expect(alertWith(page, 'Please upload a JPEG or PNG image only.')).toBeVisible();

    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    (await pngPhoto()).copy(big);
    await choosePhoto(page, 'big.png', 'image/png', big);
    await expect(alertWith(page, 'Image should be less than 5MB in size.')).toBeVisible();

    await choosePhoto(page, 'mia.png', 'image/png', await pngPhoto());
    await expect(page.getByRole('img', { name: /preview/i })).toBeVisible();
  });

  test('opens without Apollo Client, whose code comes once the parent starts on the form', async ({ page }) => {
    const apolloChunks = apolloChunkPaths();
    // Apollo's chunk and its own imports (its hooks, its link, the upload's fetch): all of them stay
    // out of the first load, whichever of them a page's code would import.
    expect(apolloChunks.length).toBeGreaterThan(1);
    const asked: string[] = [];
    page.on('request', (sent) => asked.push(new URL(sent.url()).pathname));
    await page.goto('/create');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByLabel("Child's name", { exact: true })).toBeEnabled();
    await page.waitForLoadState('networkidle');
    expect(asked.filter((asset) => apolloChunks.includes(asset))).toEqual([]);

    await page.getByLabel("Child's name", { exact: true }).click();
    await expect.poll(() => apolloChunks.filter((asset) => !asked.includes(asset))).toEqual([]);
  });

  test('a digital order reaches the payment page and is stored as Pending', async ({ page, request }) => {
    await page.goto('/create?type=digital');
    await expect(page.getByRole('radio', { name: 'Digital Comic Book' })).toBeChecked();
    await expect(page.getByLabel('Street address')).toHaveCount(0);
    await page.getByLabel("Child's name", { exact: true }).fill('  Mia  ');
    await page.getByLabel('Age', { exact: true }).fill('6');
    await page.getByLabel('Story idea (optional)').fill('Mia helps a lost puppy find its way home');
    await page.getByRole('radio', { name: 'Kindness' }).check();
    await page.getByLabel('Email', { exact: true }).fill('Parent@Example.com');
    await chooseChildPhoto(page, { name: 'mia.png', mimeType: 'image/png', buffer: await pngPhoto() });
    await page.getByLabel('I accept the terms and conditions').check();
    await submit(page);

    await expect(page.getByText('Processing Your Order')).toBeVisible();
    await page.waitForURL(/\/payment\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('amount')).toBe('25');
    expect(url.searchParams.get('format')).toBe('digital');
    const orderId = url.searchParams.get('orderId')!;
    const session = await page.evaluate(() => ({ ...sessionStorage }));
    // The payment page consumes redirectingToPayment on arrival (its overlay); the order stays.
    expect(session).toMatchObject({ paymentOrderId: orderId });
    expect(session.checkoutToken).toMatch(/^[\w-]{43}$/);

    const order = await adminOrder(request, orderId);
    expect(order).toMatchObject({
      id: orderId,
      status: 'Pending',
      childName: 'Mia',
      childAge: 6,
      moral: 'Kindness',
      email: 'parent@example.com',
      bookFormat: 'digital',
      bookStyle: null,
      amountCents: 2500,
      shippingAddress: null,
    });
    expect(order!.photoUrl).toMatch(/^\/media\/photos\//);
  });

  test('a printed order carries its style and address at the printed price', async ({ page, request }) => {
    await page.goto('/create');
    await page.getByRole('radio', { name: 'Premium Printed Storybook' }).check();
    await page.getByRole('radio', { name: 'Superhero' }).check();
    await page.getByLabel("Child's name", { exact: true }).fill('Leo');
    await page.getByLabel('Age', { exact: true }).fill('9');
    await page.getByRole('radio', { name: 'Gratitude' }).check();
    await page.getByLabel('Email', { exact: true }).fill('leo.parent@example.com');
    await chooseChildPhoto(page, { name: 'leo.png', mimeType: 'image/png', buffer: await pngPhoto() });
    await page.getByLabel('Full name').fill('Ana Parent');
    await page.getByLabel('Street address').fill('1 Maple Ave');
    await page.getByLabel('Country').selectOption('Canada');
    await page.getByLabel('Apartment, suite, unit (optional)').fill('Unit 4');
    await page.getByLabel('City').fill('Toronto');
    await page.getByLabel('Province or territory').selectOption('ON');
    await page.getByLabel('Postal code').fill('m5v 2t6');
    await page.getByLabel('Phone (optional)').fill('(416) 555-0123');
    await page.getByLabel('I accept the terms and conditions').check();
    await submit(page);

    await page.waitForURL(/\/payment\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('amount')).toBe('50');
    expect(url.searchParams.get('format')).toBe('printed');
    const order = await adminOrder(request, url.searchParams.get('orderId')!);
    expect(order).toMatchObject({
      status: 'Pending',
      moral: 'Gratitude',
      bookFormat: 'printed',
      bookStyle: 'superhero',
      amountCents: 5000,
      shippingAddress: {
        fullName: 'Ana Parent',
        streetAddress: '1 Maple Ave',
        addressLine2: 'Unit 4',
        city: 'Toronto',
        state: 'ON',
        zipCode: 'M5V 2T6',
        country: 'Canada',
        phone: '+1 416-555-0123',
      },
    });
  });

  async function fillValidDigitalOrder(page: Page, photo: Buffer) {
    await page.goto('/create?type=digital');
    await page.getByLabel("Child's name", { exact: true }).fill('Zoe');
    await page.getByLabel('Age', { exact: true }).fill('4');
    await page.getByRole('radio', { name: 'Honesty' }).check();
    await page.getByLabel('Email', { exact: true }).fill('zoe.parent@example.com');
    // The terms box is clicked once the preview and the cover have pushed it to where it stays.
    await chooseChildPhoto(page, { name: 'zoe.png', mimeType: 'image/png', buffer: photo });
    await page.getByLabel('I accept the terms and conditions').check();
  }

  test("shows the server's message and keeps everything typed when the server refuses", async ({ page }) => {
    // A PNG signature with nothing decodable after it: the browser's check passes, the server's does not.
    const broken = Buffer.concat([(await pngPhoto()).subarray(0, 16), Buffer.alloc(4000, 9)]);
    await fillValidDigitalOrder(page, broken);
    await submit(page);

    await expect(alertWith(page, 'Please upload a JPEG or PNG image only.')).toBeVisible();
    await expect(page.getByText('Processing Your Order')).toBeHidden();
    await expect(page).toHaveURL(/\/create/);
    await expect(page.getByLabel("Child's name", { exact: true })).toHaveValue('Zoe');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('zoe.parent@example.com');
    await expect(page.getByRole('radio', { name: 'Honesty' })).toBeChecked();
    await expect(page.getByRole('button', { name: "Create My Child's Storybook" })).toBeEnabled();
  });

  test('says so plainly when the network fails, and lets the parent try again', async ({ page }) => {
    await fillValidDigitalOrder(page, await pngPhoto());
    await page.route('**/graphql', (route) =>
      route.request().postDataBuffer()?.includes('createOrder') ? route.abort('connectionfailed') : route.continue(),
    );
    await submit(page);
    await expect(alertWith(page, 'An error occurred. Please try again.')).toBeVisible();
    await expect(page.getByLabel("Child's name", { exact: true })).toHaveValue('Zoe');

    await page.unroute('**/graphql');
    await submit(page);
    await page.waitForURL(/\/payment\?/);
  });
});
