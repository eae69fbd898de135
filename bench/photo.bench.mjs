/**
 * What the shop's handling of a photo costs apart from the request carrying it, on the createOrder
 * benchmark's two photos (bench/support/photos.mjs): CPU per photo, this process's user + system
 * time over the calls, 4 at once, with sharp's cache off and one libvips thread per photo, as the
 * shop runs it; every variant in each round, so that a machine whose speed drifts weighs on all
 * of them alike, and each variant's median round reported.
 *
 *   - sizing: the width and height that decide whether a photo may be decoded, asked of libvips
 *     (`sharp(bytes).metadata()`) and read from the header by the shop (server/dist/media/image-header.js);
 *   - encoding: sharp's JPEG encoder (libjpeg-turbo) on the picture already decoded and resized to
 *     fit 2048 px, so that only the encoder is timed, at quality 85 and 90, each with Huffman
 *     tables fitted to the photo (sharp's default, `optimiseCoding`, a second pass over the
 *     picture) and with the standard tables, with the file's bytes. The picture is the same with
 *     either tables; only the bytes and the CPU differ.
 *
 * Run:  npm run bench:photo    (builds the server; BENCH_SECONDS per variant and round, 2;
 *       BENCH_ROUNDS, 5; BENCH_LABEL names the result)
 * Out:  tables on stdout and bench/results/photo[-<label>].json
 */
import sharp from 'sharp';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { imageSize, sniffImageType } from '../server/dist/media/image-header.js';
import { makeJpeg, makePng } from './support/photos.mjs';
import { machineLine, runBench, writeResult } from './support/results.mjs';
import { median } from './support/timing.mjs';

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

/** CPU milliseconds per call of `work`, AT_ONCE at a time for SECONDS. */
async function cpuPerCall(work) {
  const until = performance.now() + SECONDS * 1000;
  let calls = 0;
  const before = process.cpuUsage();
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (performance.now() < until) {
        await work();
        calls++;
      }
    }),
  );
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000 / calls;
}

/** Each of `variants` ({ name, work }) warmed, then timed in ROUNDS rounds of all of them in turn. */
async function measure(variants) {
  for (const { work } of variants) await cpuPerCall(work);
  const rounds = variants.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, { work }] of variants.entries()) rounds[i].push(await cpuPerCall(work));
  }
  return variants.map(({ name }, i) => ({
    name,
    cpuMsPerPhoto: +median(rounds[i]).toFixed(4),
    rounds: rounds[i].map((ms) => +ms.toFixed(4)),
  }));
}

async function main() {
  console.log(machineLine());
  const results = [];
  for (const photo of [await makeJpeg(), await makePng()]) {
    const format = sniffImageType(photo.data);
    const declared = await sharp(photo.data).metadata();
    const read = imageSize(photo.data, format);
    if (read?.width !== declared.width || read?.height !== declared.height) {
      throw new Error(`the header read ${JSON.stringify(read)}, libvips ${declared.width}x${declared.height}`);
    }
    const sizing = await measure([
      { name: 'libvips metadata()', work: () => sharp(photo.data).metadata() },
      { name: 'header read', work: async () => imageSize(photo.data, format) },
    ]);

    const { data, info } = await sharp(photo.data)
      .resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const input = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const encoders = SETTINGS.map((setting) => ({
      name: `quality ${setting.quality}, ${setting.optimiseCoding ? 'fitted' : 'standard'} tables`,
      work: () =>
        sharp(data, input)
          .jpeg({ ...setting, chromaSubsampling: '4:2:0', progressive: false, mozjpeg: false })
          .toBuffer(),
    }));
    const bytes = [];
    for (const { work } of encoders) bytes.push((await work()).length);
    const encoding = (await measure(encoders)).map((row, i) => ({ ...SETTINGS[i], ...row, bytes: bytes[i] }));
    results.push({
      photo: `${photo.label} ${photo.width}x${photo.height}, stored at ${info.width}x${info.height}`,
      sizing,
      encoding,
    });
  }

  for (const { photo, sizing, encoding } of results) {
    console.log(`\n${photo}`);
    for (const s of sizing)
      console.log(`  sizing, ${s.name.padEnd(34)}${(s.cpuMsPerPhoto * 1000).toFixed(1).padStart(9)} µs CPU`);
    for (const e of encoding)
      console.log(`  encoding, ${e.name.padEnd(32)}${e.cpuMsPerPhoto.toFixed(3).padStart(9)} ms CPU  ${e.bytes} bytes`);
  }

  writeResult(`photo${LABEL}`, {
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
  });
}

runBench(main);
