/**
 * See the book before paying: once a name and a photo are given, the order form draws the
 * cover in the chosen style with the child's name and photo, at phone and desktop widths;
 * the style choice shows a sample picture for each style; nothing is uploaded for it.
 */
import { expect, test } from '@playwright/test';
import { pngPhoto } from './support/shop';
import { fitsWidth } from './support/page-checks';
import { WIDTHS } from './support/widths';

const TITLES: Record<string, string> = {
  Classic: 'The Gentle Tale of Noor',
  Adventure: 'Noor and the Great Expedition',
  Fairytale: 'Noor and the Enchanted Castle',
  Superhero: 'The Amazing Noor Saves the Day!',
};

for (const width of WIDTHS) {
  test(`the cover preview follows the name, photo and style at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && (request.postData() ?? '').includes('childPhoto')) uploads.push(request.url());
    });
    await page.goto('/create?type=printed');

    // A sample picture per style, not a plain swatch.
    for (const style of Object.keys(TITLES)) {
      const card = page.locator('label', { has: page.getByRole('radio', { name: style }) });
      await expect(card.locator('svg.style-sample')).toBeVisible();
    }

    const cover = page.getByRole('img', { name: /^Book cover:/ });
    await page.getByLabel("Child's name", { exact: true }).fill('Noor');
    await expect(cover).toHaveCount(0); // a name alone is not enough
    await page.getByLabel("Child's photo", { exact: true }).setInputFiles({
      name: 'noor.png',
      mimeType: 'image/png',
      buffer: await pngPhoto(600, 800),
    });

    for (const [style, title] of Object.entries(TITLES)) {
      await page.getByRole('radio', { name: style }).check();
      await expect(page.getByRole('img', { name: `Book cover: ${title}` })).toBeVisible();
      await expect(cover.locator('image')).toHaveAttribute('href', /^blob:/);
      const box = (await cover.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }

    // A digital book has no style choice: the classic look.
    await page.getByRole('radio', { name: 'Digital Comic Book' }).check();
    await expect(page.getByRole('img', { name: `Book cover: ${TITLES.Classic}` })).toBeVisible();
    await page.getByLabel("Child's name", { exact: true }).fill('Noor Amani');
    await expect(page.getByRole('img', { name: 'Book cover: The Gentle Tale of Noor Amani' })).toBeVisible();
    await fitsWidth(page, width);
    expect(uploads).toEqual([]);
  });
}

// Long names as parents type them, up to the 50 characters a name may have.
const LONG_NAMES = [
  'Léa-Marie',
  'Maximilian-Alexander Christopher',
  'Wolfgang-Maximilian Bartholomew Featherstonehaugh',
  'Mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm',
];

test('a name of up to 50 characters stays inside the cover in every style, at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/create?type=printed');
  await page.getByLabel("Child's photo", { exact: true }).setInputFiles({
    name: 'kid.png',
    mimeType: 'image/png',
    buffer: await pngPhoto(600, 800),
  });
  for (const name of LONG_NAMES) {
    await page.getByLabel("Child's name", { exact: true }).fill(name);
    for (const style of Object.keys(TITLES)) {
      await page.getByRole('radio', { name: style }).check();
      const cover = page.getByRole('img', { name: /^Book cover:/ });
      await expect(cover).toBeVisible();
      // Measured in the cover's own units: every line of the name within the art's width, none below 18.
      const lines = await cover.locator('text.book-cover__name').evaluateAll((texts) =>
        texts.map((text) => {
          const box = (text as SVGTextElement).getBBox();
          return { left: box.x, right: box.x + box.width, size: Number(text.getAttribute('font-size')) };
        }),
      );
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const line of lines) {
        expect(line.left, `${name} (${style})`).toBeGreaterThanOrEqual(18 - 1);
        expect(line.right, `${name} (${style})`).toBeLessThanOrEqual(300 - 18 + 1);
        expect(line.size).toBeGreaterThanOrEqual(18);
      }
    }
  }
});
