/**
 * What an admin's upload of a large finished video costs the shop (server/dist): its resident
 * memory, its CPU time, and the bytes it reads and writes, for each way the video can travel:
 *   - local:     through the shop to local disk (graphql-upload's spool, then the file);
 *   - s3-shop:   through the shop to a bucket (S3_DIRECT_UPLOADS=false): spooled, then a streamed
 *                multipart upload;
 *   - s3-direct: straight to the bucket: startVideoUpload, the parts PUT to their signed URLs three
 *                at a time (as the admin's browser sends them), then completeOrderWithVideo with
 *                the parts' ETags. The shop should hold none of the video's bytes.
 *
 * Starts the real server on a fresh data folder for each route (the bucket is s3rver on this
 * machine, or the bucket S3_* names), creates and pays an order through the sandbox, signs in as
 * an admin, sends a BENCH_VIDEO_MB (1024) MB MP4 (a real MP4 head, then filler) generated on the
 * fly, and samples the server's RSS from /proc every 50 ms: idle before, peak during, after. The
 * bytes are the process's own from /proc/<pid>/io: rchar (read from sockets and files) and wchar.
 *
 * The database plays no part in this (one row changes), so it always runs on embedded PGlite.
 *
 * Run:  npm run bench:video
 *       BENCH_VIDEO_MB=2048 BENCH_VIDEO_ROUTES=s3-direct npm run bench:video
 * Out:  a table on stdout and bench/results/video-upload.json
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { mapInTurns } from './support/pool.mjs';
import { cpuSeconds } from './support/process-cpu.mjs';
import { startS3rver } from './support/s3rver.mjs';
import { runningServer, serverMain, sleep, startServer, stopServer } from './support/server.mjs';
import { CREATE_ORDER, payInSandbox, PRINTED_ORDER, signIn } from './support/shop-api.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const VIDEO_MB = Number(process.env.BENCH_VIDEO_MB ?? 1024);
const ROUTES = (process.env.BENCH_VIDEO_ROUTES ?? 'local,s3-shop,s3-direct').split(',');
const BUCKET = 'bench-videos';
/** Parts in flight at once, as the admin portal sends them (client/src/admin/upload/send-video-parts.ts). */
const PART_CONCURRENCY = 3;
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

/** Bytes the process has read and written through system calls (sockets and files alike). */
function ioBytes(pid) {
  const io = readFileSync(`/proc/${pid}/io`, 'utf8');
  return { read: Number(/rchar: (\d+)/.exec(io)[1]), written: Number(/wchar: (\d+)/.exec(io)[1]) };
}

/** The video's bytes from `start` to `end` (exclusive): the MP4 head, then filler. */
function videoBytes(start, end) {
  const part = Buffer.alloc(end - start, 0x2a);
  if (start < MP4_HEAD.length) MP4_HEAD.copy(part, 0, start, Math.min(MP4_HEAD.length, end));
  return part;
}

/** One PUT of a part to its signed URL; answers the ETag. A connection of its own, as a browser's parts get. */
function putPart(url, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'PUT', agent: false, headers: { 'content-length': String(body.length) } }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200 ? resolve(res.headers.etag) : reject(new Error(`part answered ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function gqlAs(base, cookie, query, variables) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query, variables }),
  });
  return response.json();
}

/** The admin's browser on the straight route: start, the parts, then the delivery with their ETags. */
async function uploadDirect(base, cookie, orderId, size) {
  const started = await gqlAs(
    base,
    cookie,
    `mutation($o: ID!, $size: Float!, $head: String!) { startVideoUpload(orderId: $o, size: $size, head: $head) {
      upload { id partSize parts { partNumber url } } userErrors { message } } }`,
    { o: orderId, size, head: MP4_HEAD.toString('base64') },
  );
  const plan = started.data?.startVideoUpload?.upload;
  if (!plan) throw new Error(`startVideoUpload: ${JSON.stringify(started)}`);
  const parts = await mapInTurns(plan.parts, PART_CONCURRENCY, async (part) => {
    const start = (part.partNumber - 1) * plan.partSize;
    return {
      partNumber: part.partNumber,
      etag: await putPart(part.url, videoBytes(start, Math.min(start + plan.partSize, size))),
    };
  });
  return gqlAs(
    base,
    cookie,
    `mutation($o: ID!, $v: UploadedVideoInput) { completeOrderWithVideo(orderId: $o, uploadedVideo: $v) {
      order { status } userErrors { message } } }`,
    { o: orderId, v: { uploadId: plan.id, parts } },
  );
}

async function measure(route, bucketEnv) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storybook-video-bench-'));
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
      ...(route === 'local' ? {} : { ...bucketEnv, S3_DIRECT_UPLOADS: String(route === 's3-direct') }),
    };
    if (route === 'local') for (const name of Object.keys(env)) if (name.startsWith('S3_')) delete env[name];
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
    const ioBefore = ioBytes(pid);
    const cpuBefore = cpuSeconds(pid);
    const t0 = performance.now();
    const size = VIDEO_MB * 1024 * 1024;
    const result =
      route === 's3-direct'
        ? await uploadDirect(base, cookie, orderId, size)
        : await multipart(base, {
            query: `mutation($o: ID!, $video: Upload!) { completeOrderWithVideo(orderId: $o, video: $video) { order { status } userErrors { message } } }`,
            variables: { o: orderId },
            fileVariable: 'video',
            fileName: 'story.mp4',
            contentType: 'video/mp4',
            size,
            head: MP4_HEAD,
            cookie,
          });
    const seconds = (performance.now() - t0) / 1000;
    const cpu = cpuSeconds(pid) - cpuBefore;
    const ioAfter = ioBytes(pid);
    clearInterval(sampler);
    await sleep(1000);
    const after = rssMb(pid);
    const payload = result.data?.completeOrderWithVideo;
    if (!payload || payload.userErrors.length || payload.order.status !== 'Completed')
      throw new Error(`upload failed: ${JSON.stringify(result)}`);

    const mb = (bytes) => +(bytes / 1024 ** 2).toFixed(1);
    return {
      route,
      storage: route === 'local' ? 'local disk' : bucketEnv.S3_ENDPOINT ? `s3 (${bucketEnv.S3_ENDPOINT})` : 's3',
      videoMb: VIDEO_MB,
      seconds: +seconds.toFixed(1),
      mbPerSecond: +(VIDEO_MB / seconds).toFixed(1),
      idleRssMb: +idle.toFixed(1),
      peakRssMb: +peak.toFixed(1),
      peakOverIdleMb: +(peak - idle).toFixed(1),
      afterRssMb: +after.toFixed(1),
      shopCpuSeconds: +cpu.toFixed(2),
      shopReadMb: mb(ioAfter.read - ioBefore.read),
      shopWrittenMb: mb(ioAfter.written - ioBefore.written),
    };
  } finally {
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: run \`npm run build -w server\` first`);
  const tmp = os.tmpdir();
  const s = statfsSync(tmp);
  // Through the shop the file lands twice on this disk (the spool, then storage), and s3rver's parts once more.
  if ((s.bavail * s.bsize) / 1024 ** 3 < (3.2 * VIDEO_MB) / 1024)
    throw new Error(`not enough free disk for a ${VIDEO_MB} MB upload in ${tmp}`);
  const own = process.env.S3_BUCKET ? null : ROUTES.some((route) => route !== 'local') ? await startS3rver(BUCKET) : null;
  const bucketEnv = own ? own.env : Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('S3_')));
  const reports = [];
  try {
    for (const route of ROUTES) reports.push(await measure(route, bucketEnv));
  } finally {
    await own?.close();
  }
  console.table(reports);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  const result = {
    videoMb: VIDEO_MB,
    node: process.version,
    cpus: os.cpus().length,
    date: new Date().toISOString(),
    routes: reports,
  };
  writeFileSync(path.join(here, 'results', 'video-upload.json'), `${JSON.stringify(result, null, 2)}\n`);
}

main().catch(async (error) => {
  console.error(error);
  await stopServer().catch(() => undefined);
  process.exit(1);
});
