/**
 * Memory while an admin uploads a large finished video: the server (server/dist) must stream it
 * to storage, so its resident memory should stay near idle however big the file is.
 *
 * Starts the real server on a fresh data folder, creates and pays an order through the sandbox,
 * signs in as an admin, then sends one `completeOrderWithVideo` multipart request carrying a
 * BENCH_VIDEO_MB (1024) MB MP4 (a real MP4 head, then filler) generated on the fly, and samples
 * the server's RSS from /proc every 50 ms: idle before, peak during, after.
 *
 * The database plays no part in this (one row changes), so it always runs on embedded PGlite.
 *
 * Run:  npm run bench:video
 *       BENCH_VIDEO_MB=2048 npm run bench:video   (S3_* variables pass through: bench S3 storage)
 * Out:  a table on stdout and bench/results/video-upload.json
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { runningServer, serverMain, sleep, startServer, stopServer } from './support/server.mjs';
import { CREATE_ORDER, payInSandbox, PRINTED_ORDER, signIn } from './support/shop-api.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const VIDEO_MB = Number(process.env.BENCH_VIDEO_MB ?? 1024);
const ADMIN_EMAIL = 'bench@example.com';
const ADMIN_PASSWORD = `bench-${randomBytes(12).toString('hex')}`;
const MP4_HEAD = readFileSync(path.join(here, '..', 'test', 'e2e', 'fixtures', 'story.mp4')).subarray(0, 64);

/** One multipart request whose file part is produced chunk by chunk, respecting backpressure. */
function multipart(base, { query, variables, fileVariable, fileName, contentType, size, head, cookie }) {
  const boundary = `bench-${randomBytes(8).toString('hex')}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${JSON.stringify({ query, variables: { ...variables, [fileVariable]: null } })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n${JSON.stringify({ 0: [`variables.${fileVariable}`] })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(`${base}/graphql`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(preamble.length + size + closing.length),
          'apollo-require-preflight': 'true',
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve(JSON.parse(text)));
      },
    );
    req.on('error', reject);
    const filler = Buffer.alloc(1024 * 1024, 0x2a);
    let sent = 0;
    const write = () => {
      while (sent < size) {
        const chunk =
          sent === 0
            ? Buffer.concat([head, filler.subarray(0, Math.min(size, filler.length) - head.length)])
            : filler.subarray(0, Math.min(filler.length, size - sent));
        sent += chunk.length;
        if (!req.write(chunk)) return req.once('drain', write);
      }
      req.end(closing);
    };
    req.write(preamble);
    write();
  });
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

async function main() {
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: run \`npm run build -w server\` first`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storybook-video-bench-'));
  const freeGb = (dir) => {
    const s = statfsSync(dir);
    return (s.bavail * s.bsize) / 1024 ** 3;
  };
  // The file lands twice on this disk: graphql-upload's temporary copy, then storage's.
  if (freeGb(dataDir) < (2.2 * VIDEO_MB) / 1024)
    throw new Error(`not enough free disk for a ${VIDEO_MB} MB upload in ${dataDir}`);
  try {
    const env = {
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      VIDEO_MAX_BYTES: String(Math.max(VIDEO_MB + 16, 2048) * 1024 * 1024),
    };
    const base = await startServer(env);
    const pid = runningServer().pid;

    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#fa8' } })
      .png()
      .toBuffer();
    const created = await multipart(base, {
      query: CREATE_ORDER,
      // A printed book: it may be delivered with the video alone, which is what this measures.
      variables: { input: PRINTED_ORDER },
      fileVariable: 'childPhoto',
      fileName: 'kid.png',
      contentType: 'image/png',
      size: photo.length,
      head: photo,
    });
    const { orderId, checkoutToken } = created.data.createOrder;
    await payInSandbox(base, orderId, checkoutToken);
    const cookie = await signIn(base, ADMIN_EMAIL, ADMIN_PASSWORD);

    await sleep(2000);
    const idleSamples = [];
    for (let i = 0; i < 20; i += 1) {
      idleSamples.push(rssMb(pid));
      await sleep(50);
    }
    const idle = Math.max(...idleSamples);

    let peak = 0;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, rssMb(pid));
      } catch {
        /* exited */
      }
    }, 50);
    const t0 = performance.now();
    const result = await multipart(base, {
      query: `mutation($o: ID!, $video: Upload!) { completeOrderWithVideo(orderId: $o, video: $video) { order { status } userErrors { message } } }`,
      variables: { o: orderId },
      fileVariable: 'video',
      fileName: 'story.mp4',
      contentType: 'video/mp4',
      size: VIDEO_MB * 1024 * 1024,
      head: MP4_HEAD,
      cookie,
    });
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    await sleep(1000);
    const after = rssMb(pid);
    const payload = result.data?.completeOrderWithVideo;
    if (!payload || payload.userErrors.length || payload.order.status !== 'Completed')
      throw new Error(`upload failed: ${JSON.stringify(result)}`);

    const report = {
      storage: process.env.S3_BUCKET ? 's3' : 'local disk',
      videoMb: VIDEO_MB,
      idleRssMb: +idle.toFixed(1),
      peakRssMb: +peak.toFixed(1),
      peakOverIdleMb: +(peak - idle).toFixed(1),
      afterRssMb: +after.toFixed(1),
      seconds: +seconds.toFixed(1),
      mbPerSecond: +(VIDEO_MB / seconds).toFixed(1),
      node: process.version,
      cpus: os.cpus().length,
      date: new Date().toISOString(),
    };
    console.table([report]);
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(path.join(here, 'results', 'video-upload.json'), `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch(async (error) => {
  console.error(error);
  await stopServer().catch(() => undefined);
  process.exit(1);
});
