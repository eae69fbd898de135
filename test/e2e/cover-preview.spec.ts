/**
 * See the book before paying: once a name and a photo are given, the order form draws the
 * cover in the chosen style with the child's name and photo, at phone and desktop widths;
 * the style choice shows a sample picture for each style; nothing is uploaded for it.
 */
import { expect, test } from '@playwright/test';
import { pngPhoto } from './support/shop';

const TITLES: Record<string, string> = {
  Classic: 'The Gentle Tale of Noor',
  Adventure: 'Noor and the Great Expedition',
  Fairytale: 'Noor and the Enchanted Castle',
  Superhero: 'The Amazing Noor Saves the Day!',
};

for (const width of [390, 1280]) {
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
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(uploads).toEqual([]);
  });
}
