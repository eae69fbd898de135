// Renders the share card (client/src/assets/share-card.svg) to the JPEG the pages' Open Graph and
// Twitter tags name: social networks take no SVG. Run it after changing the SVG, and commit both:
//   node scripts/share-card.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const assets = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'client', 'src', 'assets');
const svg = readFileSync(path.join(assets, 'share-card.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
  const jpeg = await page.screenshot({ type: 'jpeg', quality: 85, clip: { x: 0, y: 0, width: 1200, height: 630 } });
  writeFileSync(path.join(assets, 'share-card.jpg'), jpeg);
  console.log(`share-card.jpg: ${jpeg.length} bytes`);
} finally {
  await browser.close();
}
