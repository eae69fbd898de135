// Full-page screenshots of every public page at phone and laptop widths, for a person to look
// at before a release:  node scripts/screenshots.mjs [baseUrl=http://localhost:4000] [outDir=./screenshots]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:4000';
const out = path.resolve(process.argv[3] ?? 'screenshots');
const pages = [
  '/',
  '/create',
  '/create?type=printed',
  '/faq',
  '/about',
  '/process',
  '/benefits',
  '/privacy',
  '/terms',
  '/payment-success?format=digital',
  '/payment-success?format=printed',
  '/no-such-page',
];
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-gpu', '--no-sandbox', '--disable-background-networking', '--disable-component-update'],
});
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const url of pages) {
    await page.goto(base + url, { waitUntil: 'networkidle' });
    const name = `${width}-${url.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}.png`;
    await page.screenshot({ path: path.join(out, name), fullPage: true });
    console.log(path.join(out, name));
  }
  await page.close();
}
await browser.close();
