/**
 * What the stored photo's JPEG settings cost: sharp's JPEG encoder (libjpeg-turbo) on the
 * createOrder benchmark's two photos (bench/support/photos.mjs) as the shop stores them, already
 * decoded and resized to fit 2048 px, so that only the encoder is timed. For each setting: CPU
 * per photo (this process's user + system time over the encodes, 4 at once, with sharp's cache
 * off and one libvips thread per photo, as the shop runs it) and the file's bytes.
 *
 * The settings: quality 85 and 90, each with Huffman tables fitted to the photo (sharp's default,
 * `optimiseCoding`, a second pass over the picture) and with the standard tables. The picture is
 * the same with either tables; only the bytes and the CPU differ.
 *
 * Run:  npm run bench:photo-encode    (BENCH_SECONDS per setting and round, 2; BENCH_ROUNDS, 5,
 *       each of them every setting in turn; each setting's median round is reported; BENCH_LABEL
 *       names the result)
 * Out:  a table on stdout and bench/results/photo-encode[-<label>].json
 */
import sharp from 'sharp';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { makeJpeg, makePng } from './support/photos.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const AT_ONCE = 4;
const LABEL = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';

const SETTINGS = [
  { quality: 85, optimiseCoding: true },
  { quality: 85, optimiseCoding: false },
  { quality: 90, optimiseCoding: true },
  { quality: 90, optimiseCoding: false },
];

sharp.cache(false);
sharp.concurrency(1);

/** CPU milliseconds per encode of `encode`, AT_ONCE at a time for SECONDS. */
async function cpuPerEncode(encode) {
  const until = performance.now() + SECONDS * 1000;
  let encodes = 0;
  const before = process.cpuUsage();
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (performance.now() < until) {
        await encode();
        encodes++;
      }
    }),
  );
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000 / encodes;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const results = [];
console.log(
  `node ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model}, load ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
for (const photo of [await makeJpeg(), await makePng()]) {
  const { data, info } = await sharp(photo.data)
    .resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const input = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const encoders = SETTINGS.map(
    (setting) => () =>
      sharp(data, input)
        .jpeg({ ...setting, chromaSubsampling: '4:2:0', progressive: false, mozjpeg: false })
        .toBuffer(),
  );
  const bytes = [];
  for (const encode of encoders) {
    bytes.push((await encode()).length);
    await cpuPerEncode(encode); // warm-up
  }
  // Every setting in each round, so that a machine whose speed drifts weighs on all of them alike.
  const rounds = SETTINGS.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, encode] of encoders.entries()) rounds[i].push(await cpuPerEncode(encode));
  }
  const rows = SETTINGS.map((setting, i) => ({
    ...setting,
    cpuMsPerPhoto: +median(rounds[i]).toFixed(2),
    bytes: bytes[i],
    rounds: rounds[i].map((ms) => +ms.toFixed(2)),
  }));
  results.push({
    photo: `${photo.label} ${photo.width}x${photo.height}, stored at ${info.width}x${info.height}`,
    settings: rows,
  });
}

for (const { photo, settings } of results) {
  console.log(`\n${photo}`);
  console.log('quality  fitted tables  CPU ms/photo  bytes');
  for (const s of settings) {
    console.log(
      `${String(s.quality).padEnd(9)}${String(s.optimiseCoding).padEnd(15)}${s.cpuMsPerPhoto.toFixed(2).padStart(12)}  ${s.bytes}`,
    );
  }
}

const out = path.join(here, 'results', `photo-encode${LABEL}.json`);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: {
        node: process.version,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        sharp: sharp.versions.sharp,
        vips: sharp.versions.vips,
      },
      seconds: SECONDS,
      rounds: ROUNDS,
      atOnce: AT_ONCE,
      results,
    },
    null,
    1,
  )}\n`,
);
console.log(`\nwritten to ${path.relative(process.cwd(), out)}`);
