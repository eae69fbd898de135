// Makes the sample story's video (client/src/assets/sample-story.mp4): the example book of the
// "Peek inside" pages, turned page by page. Chromium draws each page from the shop's own
// drawings (client/src/storefront/samples/spreads), ffmpeg (Debian's, or FFMPEG_PATH) joins
// them with page-turn transitions. Run it after changing a drawing or the words, and commit the
// result:   node scripts/sample-video.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const spreads = path.join(root, 'client', 'src', 'storefront', 'samples', 'spreads');
const output = path.join(root, 'client', 'src', 'assets', 'sample-story.mp4');
const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';
const WIDTH = 960;
const HEIGHT = 540;
const SECONDS_A_PAGE = 3;
const TURN_SECONDS = 0.8;

const drawing = (style) => `data:image/svg+xml;base64,${readFileSync(path.join(spreads, `${style}.svg`)).toString('base64')}`;
const page = (left, right) => `<!doctype html><html><head><style>
  body { margin: 0; width: ${WIDTH}px; height: ${HEIGHT}px; display: grid; place-items: center; background: #3d1f8f;
         font-family: 'DejaVu Serif', Georgia, serif; }
  .book { display: grid; grid-template-columns: 1fr 1fr; width: 900px; height: 480px; background: #fffdf8;
          border-radius: 12px; overflow: hidden; box-shadow: 0 12px 30px rgb(0 0 0 / 35%); }
  .left { display: grid; align-content: center; gap: 16px; padding: 36px; border-right: 2px solid #eadfcf;
          color: #2b2540; font-size: 22px; line-height: 1.5; }
  .left p { margin: 0; }
  .left h1 { margin: 0; font-size: 34px; color: #6c3ce1; }
  .left small { font-family: 'DejaVu Sans', sans-serif; font-size: 16px; color: #5e5873; }
  .right { display: grid; place-items: center; background: #f1eaff; }
  .right img { width: 100%; height: 100%; object-fit: cover; }
  .right .end { padding: 36px; text-align: center; color: #2b2540; font-size: 24px; line-height: 1.5; }
</style></head><body><div class="book"><div class="left">${left}</div><div class="right">${right}</div></div></body></html>`;

// The book's title, lesson and words, as the "Peek inside" pages show them.
const book = JSON.parse(readFileSync(path.join(root, 'client', 'src', 'storefront', 'samples', 'sample-book.json'), 'utf8'));
const PAGES = [
  page(
    `<h1>${book.title}</h1><p>A story about ${book.lesson.toLowerCase()}</p><small>A sample book by Storybook Shop</small>`,
    `<img src="${drawing('classic')}" alt="">`,
  ),
  ...['classic', 'adventure', 'fairytale', 'superhero'].map((style) =>
    page(
      `${book.words.map((line) => `<p>${line}</p>`).join('')}<small>Pages 6 and 7, ${style} style</small>`,
      `<img src="${drawing(style)}" alt="">`,
    ),
  ),
  page(
    '<h1>The End</h1><p>Mia reached the lighthouse, and the light came back on.</p>',
    '<div class="end">Your child’s book has their name, their face and the lesson you choose.</div>',
  ),
];

const work = mkdtempSync(path.join(os.tmpdir(), 'sample-video-'));
try {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const tab = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
    for (const [index, html] of PAGES.entries()) {
      await tab.setContent(html, { waitUntil: 'load' });
      await tab.screenshot({ path: path.join(work, `page-${index}.png`) });
    }
  } finally {
    await browser.close();
  }
  // Each page held SECONDS_A_PAGE, then slid over by the next, as a page is turned.
  const inputs = PAGES.flatMap((_, index) => [
    '-loop',
    '1',
    '-t',
    String(SECONDS_A_PAGE),
    '-i',
    path.join(work, `page-${index}.png`),
  ]);
  let filter = '';
  let last = '[0:v]';
  for (let index = 1; index < PAGES.length; index += 1) {
    const offset = index * (SECONDS_A_PAGE - TURN_SECONDS);
    const label = index === PAGES.length - 1 ? '[book]' : `[v${index}]`;
    filter += `${last}[${index}:v]xfade=transition=smoothleft:duration=${TURN_SECONDS}:offset=${offset.toFixed(2)}${label};`;
    last = label;
  }
  filter += '[book]format=yuv420p[out]';
  execFileSync(
    ffmpeg,
    [
      '-y',
      '-loglevel',
      'error',
      ...inputs,
      '-filter_complex',
      filter,
      '-map',
      '[out]',
      '-r',
      '24',
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-crf',
      '30',
      '-movflags',
      '+faststart',
      '-an',
      output,
    ],
    { stdio: 'inherit' },
  );
  console.log(`sample-story.mp4: ${statSync(output).size} bytes`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
