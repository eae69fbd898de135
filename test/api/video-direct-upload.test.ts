/**
 * Finished videos sent straight to the bucket (S3 against s3rver): the admin's browser starts an
 * upload, PUTs the parts to the URLs the shop signed and delivers with what the store answered;
 * the shop judges the object the store holds before the order uses it, and nothing of an upload
 * that was refused, cancelled or abandoned stays behind. On local disk the shop refuses to start one.
 */
import { GetObjectCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { ABANDONED_AFTER_MS, DIRECT_UPLOAD_MESSAGES } from '../../server/src/delivery/direct-video-uploads';
import { VIDEO_TYPE_MESSAGE } from '../../server/src/delivery/video-file';
import { PART_SIZE } from '../../server/src/media/s3-storage';
import { createAdmin, signIn } from '../support/admin';
import { placeOrder, placePaidOrder } from '../support/checkout';
import { GraphQLClient } from '../support/graphql-client';
import { makePng } from '../support/images';
import { REAL_PDF } from '../support/pdfs';
import { type RunningS3rver, sendVideoParts, startS3rver } from '../support/s3rver';
import { startTestServer, type TestServer } from '../support/test-server';
import { videoBytesIn } from '../support/upload-metrics';
import { mp4OfSize, REAL_MP4 } from '../support/videos';

const BUCKET = 'direct-media';
const VIDEO_MAX_BYTES = 3 * PART_SIZE;

const START = `mutation($orderId: ID!, $size: Float!, $head: String!) {
  startVideoUpload(orderId: $orderId, size: $size, head: $head) {
    upload { id partSize parts { partNumber url } } userErrors { code field message }
  }
}`;
const COMPLETE = `mutation($orderId: ID!, $uploadedVideo: UploadedVideoInput, $storybookPdf: Upload) {
  completeOrderWithVideo(orderId: $orderId, uploadedVideo: $uploadedVideo, storybookPdf: $storybookPdf) {
    order { id status videoUrl } userErrors { code field message }
  }
}`;
const REVISE = `mutation($orderId: ID!, $uploadedVideo: UploadedVideoInput) {
  reviseDelivery(orderId: $orderId, uploadedVideo: $uploadedVideo) { order { id videoUrl } userErrors { code field message } }
}`;
const ABORT = `mutation($orderId: ID!, $uploadId: ID!) {
  abortVideoUpload(orderId: $orderId, uploadId: $uploadId) { aborted userErrors { message } }
}`;

interface Plan {
  id: string;
  partSize: number;
  parts: Array<{ partNumber: number; url: string }>;
}

let s3rver: RunningS3rver;
let bucket: S3Client;
let server: TestServer;
let admin: GraphQLClient;
let customer: GraphQLClient;
/** The shop's warnings and errors, as JSON lines. */
let logLines: string[] = [];

beforeAll(async () => {
  s3rver = await startS3rver(BUCKET);
  bucket = new S3Client(s3rver.config);
  server = await startTestServer(
    { ...s3rver.env, VIDEO_MAX_BYTES: String(VIDEO_MAX_BYTES), LOG_LEVEL: 'warn' },
    { logDestination: { write: (line: string) => logLines.push(line) } },
  );
  await createAdmin(server);
  admin = new GraphQLClient(server.url);
  await signIn(admin);
  customer = new GraphQLClient(server.url);
});

afterAll(async () => {
  await server?.close();
  bucket?.destroy();
  await s3rver?.close();
});

const head = (file: Buffer) => file.subarray(0, 64).toString('base64');

async function start(orderId: string, file: Buffer, size = file.length) {
  const response = await admin.query(START, { orderId, size, head: head(file) });
  expect(response.errors).toBeUndefined();
  return response.data!.startVideoUpload as {
    upload: Plan | null;
    userErrors: Array<{ code: string; field: string; message: string }>;
  };
}

async function upload(
  orderId: string,
  file: Buffer,
): Promise<{ plan: Plan; parts: Array<{ partNumber: number; etag: string }> }> {
  const started = await start(orderId, file);
  expect(started.userErrors).toEqual([]);
  const plan = started.upload!;
  return { plan, parts: await sendVideoParts(plan, file) };
}

async function complete(orderId: string, uploadedVideo: unknown) {
  const response = await admin.upload(
    COMPLETE,
    { orderId, uploadedVideo },
    { storybookPdf: { name: 'storybook.pdf', type: 'application/pdf', data: REAL_PDF } },
  );
  expect(response.errors).toBeUndefined();
  return response.data!.completeOrderWithVideo;
}

async function keysInBucket(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of server.app.services.storage.list(prefix)) keys.push(...page.map((object) => object.key));
  return keys;
}

const uploadRows = async (orderId: string): Promise<Array<{ object_key: string; created_at: Date }>> =>
  server.dataSource.query('SELECT object_key, created_at FROM video_uploads WHERE order_id = $1', [orderId]);
const orderRow = async (id: string) =>
  (await server.dataSource.query('SELECT status, video_key FROM orders WHERE id = $1', [id]))[0];

describe('a finished video sent straight to the bucket', () => {
  it('tells the admin portal that videos go straight to storage', async () => {
    const response = await admin.query('{ shopConfig { videoUploadsDirect } }');
    expect(response.data!.shopConfig.videoUploadsDirect).toBe(true);
  });

  it('delivers a video the shop never received: parts to signed URLs, then the order Completed', async () => {
    const { orderId } = await placePaidOrder(customer);
    const file = mp4OfSize(PART_SIZE + 12_345);
    const received = server.app.services.metrics;
    const videoBytesBefore = await uploadedVideoBytes(received);
    const { plan, parts } = await upload(orderId, file);
    expect(plan.partSize).toBe(PART_SIZE);
    expect(plan.parts.map((part) => part.partNumber)).toEqual([1, 2]);
    expect(plan.parts.every((part) => part.url.startsWith(`${s3rver.config.endpoint}/${BUCKET}/videos/${orderId}-`))).toBe(true);
    // Not an order's video yet: the order still points at none.
    expect((await orderRow(orderId)).video_key).toBeNull();

    const completed = await complete(orderId, { uploadId: plan.id, parts });
    expect(completed.userErrors).toEqual([]);
    expect(completed.order.status).toBe('Completed');

    const { video_key: videoKey } = await orderRow(orderId);
    expect(videoKey).toMatch(new RegExp(`^videos/${orderId}-[0-9a-f]{8}\\.mp4$`));
    const stored = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: videoKey }));
    expect(stored.ContentType).toBe('video/mp4');
    expect(Buffer.from(await stored.Body!.transformToByteArray()).equals(file)).toBe(true);
    // The upload is the delivery's now: nothing is left for the sweeps to find.
    expect(await uploadRows(orderId)).toEqual([]);
    // Served through the shop's signed link as any video is.
    const served = await fetch(`${server.url}${completed.order.videoUrl}`, { headers: { Range: 'bytes=0-63' } });
    expect(served.status).toBe(206);
    expect(Buffer.from(await served.arrayBuffer()).equals(file.subarray(0, 64))).toBe(true);
    // The storybook PDF came through the shop; not a byte of the video did.
    expect(await uploadedVideoBytes(received)).toBe(videoBytesBefore);
  });

  it('delivers a revision the same way, as the next version', async () => {
    const { orderId } = await placePaidOrder(customer);
    const first = await upload(orderId, REAL_MP4);
    expect((await complete(orderId, { uploadId: first.plan.id, parts: first.parts })).userErrors).toEqual([]);
    const firstKey = (await orderRow(orderId)).video_key;

    const second = await upload(orderId, mp4OfSize(100_000));
    const revised = await admin.query(REVISE, { orderId, uploadedVideo: { uploadId: second.plan.id, parts: second.parts } });
    expect(revised.data!.reviseDelivery.userErrors).toEqual([]);
    const { video_key: secondKey } = await orderRow(orderId);
    expect(secondKey).not.toBe(firstKey);
    const versions = await server.dataSource.query(
      'SELECT version, video_key FROM order_deliveries WHERE order_id = $1 ORDER BY version',
      [orderId],
    );
    expect(versions).toEqual([
      { version: 1, video_key: firstKey },
      { version: 2, video_key: secondKey },
    ]);
  });

  it('refuses, before a byte is sent, a file that is not a video, too large, or for an order that cannot take one', async () => {
    const paid = await placePaidOrder(customer);
    const png = await makePng();
    expect((await start(paid.orderId, png)).userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'video', message: VIDEO_TYPE_MESSAGE },
    ]);
    expect((await start(paid.orderId, REAL_MP4, VIDEO_MAX_BYTES + 1)).userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'video', message: 'The video is too large: the limit is 24 MB.' },
    ]);
    expect((await start(paid.orderId, REAL_MP4, 10)).userErrors[0]).toMatchObject({ field: 'head' });
    expect((await start(paid.orderId, REAL_MP4, 0)).userErrors[0]).toMatchObject({ field: 'size' });

    const unpaid = await placeOrder(customer);
    expect((await start(unpaid.orderId, REAL_MP4)).userErrors[0]).toMatchObject({ code: 'WRONG_STATUS' });
    expect((await start('00000000-0000-4000-8000-000000000000', REAL_MP4)).userErrors[0]).toMatchObject({ code: 'NOT_FOUND' });
    // Nothing was started.
    expect(await uploadRows(paid.orderId)).toEqual([]);
    expect(await uploadRows(unpaid.orderId)).toEqual([]);
  });

  it('refuses an object that is not the video its first bytes promised, and deletes it', async () => {
    const { orderId } = await placePaidOrder(customer);
    const promised = mp4OfSize(50_000);
    const started = (await start(orderId, promised)).upload!;
    // The browser sends other bytes than the head it declared.
    const parts = await sendVideoParts(started, Buffer.alloc(promised.length, 7));
    const refused = await complete(orderId, { uploadId: started.id, parts });
    expect(refused.userErrors).toEqual([{ code: 'INVALID_INPUT', field: 'video', message: VIDEO_TYPE_MESSAGE }]);
    expect(await orderRow(orderId)).toEqual({ status: 'Paid', video_key: null });
    expect((await keysInBucket(`videos/${orderId}-`)).length).toBe(0);
    expect(await uploadRows(orderId)).toEqual([]);
  });

  it('refuses an object shorter than the size declared, and deletes it', async () => {
    const { orderId } = await placePaidOrder(customer);
    const file = mp4OfSize(50_000);
    const started = (await start(orderId, file)).upload!;
    const parts = await sendVideoParts(started, file.subarray(0, 40_000));
    const refused = await complete(orderId, { uploadId: started.id, parts });
    expect(refused.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'video', message: 'The video did not arrive whole: please upload it again.' },
    ]);
    expect((await orderRow(orderId)).status).toBe('Paid');
    expect((await keysInBucket(`videos/${orderId}-`)).length).toBe(0);
  });

  it('refuses a list of parts that leaves one out, and an upload of another order, changing nothing', async () => {
    const { orderId } = await placePaidOrder(customer);
    const other = await placePaidOrder(customer);
    const { plan, parts } = await upload(orderId, mp4OfSize(PART_SIZE + 1));
    expect((await complete(orderId, { uploadId: plan.id, parts: parts.slice(0, 1) })).userErrors[0]).toMatchObject({
      field: 'uploadedVideo.parts',
    });
    expect((await complete(other.orderId, { uploadId: plan.id, parts })).userErrors[0]).toMatchObject({
      code: 'NOT_FOUND',
      field: 'uploadedVideo.uploadId',
    });
    expect(await orderRow(orderId)).toEqual({ status: 'Paid', video_key: null });
    expect(await orderRow(other.orderId)).toEqual({ status: 'Paid', video_key: null });
    expect((await uploadRows(orderId)).length).toBe(1);
  });

  it('refuses a video sent both ways at once', async () => {
    const { orderId } = await placePaidOrder(customer);
    const { plan, parts } = await upload(orderId, REAL_MP4);
    const response = await admin.upload(
      `mutation($orderId: ID!, $video: Upload, $uploadedVideo: UploadedVideoInput, $storybookPdf: Upload) {
        completeOrderWithVideo(orderId: $orderId, video: $video, uploadedVideo: $uploadedVideo, storybookPdf: $storybookPdf) {
          userErrors { message }
        }
      }`,
      { orderId, uploadedVideo: { uploadId: plan.id, parts } },
      {
        video: { name: 'story.mp4', type: 'video/mp4', data: REAL_MP4 },
        storybookPdf: { name: 'storybook.pdf', type: 'application/pdf', data: REAL_PDF },
      },
    );
    expect(response.data!.completeOrderWithVideo.userErrors).toEqual([
      { message: 'Send the video once: as a file, or as an upload straight to storage, not both.' },
    ]);
    expect((await orderRow(orderId)).status).toBe('Paid');
  });

  it('discards an upload the admin cancels, and takes a second cancel calmly', async () => {
    const { orderId } = await placePaidOrder(customer);
    const { plan } = await upload(orderId, REAL_MP4);
    const aborted = await admin.query(ABORT, { orderId, uploadId: plan.id });
    expect(aborted.data!.abortVideoUpload).toEqual({ aborted: true, userErrors: [] });
    expect(await uploadRows(orderId)).toEqual([]);
    expect((await admin.query(ABORT, { orderId, uploadId: plan.id })).data!.abortVideoUpload.aborted).toBe(true);
    // The delivery can no longer use it.
    const late = await complete(orderId, { uploadId: plan.id, parts: [{ partNumber: 1, etag: '"x"' }] });
    expect(late.userErrors[0]).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('discards at once an upload for a child whose details the parent deleted', async () => {
    const { orderId, checkoutToken } = await placePaidOrder(customer);
    await upload(orderId, REAL_MP4);
    expect((await server.app.services.orderPages.deleteChildData(checkoutToken)).ok).toBe(true);
    // Queued with the deletion, for the job runner: not left to the hourly sweep.
    await server.app.services.jobs.drain();
    expect(await uploadRows(orderId)).toEqual([]);
    expect(await keysInBucket(`videos/${orderId}-`)).toEqual([]);
  });

  it('sweeps uploads nobody finished, even one completed in the bucket, and leaves those under way', async () => {
    const abandoned = await placePaidOrder(customer);
    const fresh = await placePaidOrder(customer);
    const old = await upload(abandoned.orderId, REAL_MP4);
    // Its parts went up and it was completed in the bucket, but never delivered.
    const uploads = server.app.services.storage.directUploads!;
    const [row] = await server.dataSource.query('SELECT object_key, upload_id FROM video_uploads WHERE id = $1', [old.plan.id]);
    await uploads.complete(row.object_key, row.upload_id, old.parts);
    await server.dataSource.query(`UPDATE video_uploads SET created_at = now() - $1 * interval '1 millisecond' WHERE id = $2`, [
      ABANDONED_AFTER_MS + 60_000,
      old.plan.id,
    ]);
    await upload(fresh.orderId, REAL_MP4);

    // The orphan sweep leaves a completed upload alone while its row stands, however old the object looks.
    const orphans = await server.app.services.orphanedFiles.sweep(new Date(Date.now() + 10 * ABANDONED_AFTER_MS));
    expect(orphans.files).not.toContain(row.object_key);

    expect(await server.app.services.videoUploads.sweep()).toBe(1);
    expect(await uploadRows(abandoned.orderId)).toEqual([]);
    expect(await keysInBucket(row.object_key)).toEqual([]);
    expect((await uploadRows(fresh.orderId)).length).toBe(1);
    // Too late for its delivery.
    expect((await complete(abandoned.orderId, { uploadId: old.plan.id, parts: old.parts })).userErrors[0]).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('delivers once when the same upload is sent twice at once, and keeps the video it delivered', async () => {
    const { orderId } = await placePaidOrder(customer);
    const file = mp4OfSize(30_000);
    const { plan, parts } = await upload(orderId, file);
    const answers = await Promise.all([
      complete(orderId, { uploadId: plan.id, parts }),
      complete(orderId, { uploadId: plan.id, parts }),
    ]);
    const delivered = answers.filter((answer) => answer.userErrors.length === 0);
    expect(delivered).toHaveLength(1);
    expect(answers.find((answer) => answer.userErrors.length > 0)!.userErrors[0]).toMatchObject({ code: 'NOT_FOUND' });
    const { video_key: videoKey, status } = await orderRow(orderId);
    expect(status).toBe('Completed');
    expect(await keysInBucket(videoKey)).toEqual([videoKey]);
    expect(await server.app.services.storage.size(videoKey)).toBe(file.length);
  });
});

describe('a finished video sent through the shop although the bucket takes it straight', () => {
  it("is delivered, as the admin portal sends it when the bucket's CORS rule keeps its page out, with a warning", async () => {
    const { orderId } = await placePaidOrder(customer);
    const file = mp4OfSize(PART_SIZE + 12_345);
    const videoBytesBefore = await uploadedVideoBytes(server.app.services.metrics);
    logLines = [];
    const response = await admin.upload(
      `mutation($orderId: ID!, $video: Upload, $storybookPdf: Upload) {
        completeOrderWithVideo(orderId: $orderId, video: $video, storybookPdf: $storybookPdf) {
          order { id status } userErrors { code field message }
        }
      }`,
      { orderId },
      {
        video: { name: 'story.mp4', type: 'video/mp4', data: file },
        storybookPdf: { name: 'storybook.pdf', type: 'application/pdf', data: REAL_PDF },
      },
    );
    expect(response.errors).toBeUndefined();
    expect(response.data!.completeOrderWithVideo).toEqual({ order: { id: orderId, status: 'Completed' }, userErrors: [] });

    const { video_key: videoKey } = await orderRow(orderId);
    const stored = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: videoKey }));
    expect(Buffer.from(await stored.Body!.transformToByteArray()).equals(file)).toBe(true);
    expect(await uploadedVideoBytes(server.app.services.metrics)).toBe(videoBytesBefore + file.length);
    const warnings = logLines.map((line) => JSON.parse(line) as { level: number | string; msg: string; orderId?: string });
    expect(warnings).toContainEqual(
      expect.objectContaining({
        msg: "video sent through the shop: the admin's browser could not reach the bucket (its CORS rule, or the browser's network)",
        orderId,
      }),
    );
  });
});

describe('a bucket whose CORS rules keep the admin portal out', () => {
  it('refuses to start an upload straight to it, takes the video with the delivery, and starts one once the rule is added', async () => {
    const closed = await startS3rver('closed-media', { cors: null });
    const lines: string[] = [];
    const shop = await startTestServer(
      { ...closed.env, LOG_LEVEL: 'warn' },
      { logDestination: { write: (line: string) => lines.push(line) } },
    );
    const closedBucket = new S3Client(closed.config);
    try {
      await createAdmin(shop);
      const staff = new GraphQLClient(shop.url);
      await signIn(staff);
      const { orderId } = await placePaidOrder(new GraphQLClient(shop.url));
      const file = mp4OfSize(PART_SIZE + 12_345);

      const refused = await staff.query(START, { orderId, size: file.length, head: head(file) });
      expect(refused.data!.startVideoUpload).toEqual({
        upload: null,
        userErrors: [{ code: 'NOT_AVAILABLE', field: null, message: DIRECT_UPLOAD_MESSAGES.closedToBrowsers }],
      });
      expect(await shop.dataSource.query('SELECT id FROM video_uploads WHERE order_id = $1', [orderId])).toEqual([]);
      // The admin portal then sends the video with the delivery.
      const delivered = await staff.upload(
        `mutation($orderId: ID!, $video: Upload, $storybookPdf: Upload) {
          completeOrderWithVideo(orderId: $orderId, video: $video, storybookPdf: $storybookPdf) {
            order { status } userErrors { message }
          }
        }`,
        { orderId },
        {
          video: { name: 'story.mp4', type: 'video/mp4', data: file },
          storybookPdf: { name: 'storybook.pdf', type: 'application/pdf', data: REAL_PDF },
        },
      );
      expect(delivered.data!.completeOrderWithVideo).toEqual({ order: { status: 'Completed' }, userErrors: [] });
      // Said once, with its fix; not again for each video that comes through the shop for it.
      const warned = lines.map((line) => (JSON.parse(line) as { msg: string }).msg).filter((msg) => /video/.test(msg));
      expect(warned).toEqual([expect.stringMatching(/^the bucket's CORS rules do not let the admin portal upload videos/)]);

      // The operator adds the rule README gives; the next reading of it (a minute on at most) lets uploads in, for a revision here.
      await closedBucket.send(
        new PutBucketCorsCommand({
          Bucket: closed.config.bucket,
          CORSConfiguration: {
            CORSRules: [{ AllowedOrigins: ['*'], AllowedMethods: ['PUT'], AllowedHeaders: ['*'], ExposeHeaders: ['ETag'] }],
          },
        }),
      );
      expect(await shop.app.services.videoUploadAccess.check()).toBe('allowed');
      const opened = await staff.query(START, { orderId, size: file.length, head: head(file) });
      expect(opened.data!.startVideoUpload.userErrors).toEqual([]);
      expect(opened.data!.startVideoUpload.upload.parts).toHaveLength(2);
    } finally {
      await shop.close();
      closedBucket.destroy();
      await closed.close();
    }
  });
});

describe('a finished video on local disk', () => {
  it('is sent through the shop: no upload straight to storage is offered', async () => {
    const local = await startTestServer();
    try {
      await createAdmin(local);
      const localAdmin = new GraphQLClient(local.url);
      await signIn(localAdmin);
      expect((await localAdmin.query('{ shopConfig { videoUploadsDirect } }')).data!.shopConfig.videoUploadsDirect).toBe(false);
      const { orderId } = await placePaidOrder(new GraphQLClient(local.url));
      const refused = await localAdmin.query(START, { orderId, size: REAL_MP4.length, head: head(REAL_MP4) });
      expect(refused.data!.startVideoUpload.userErrors[0]).toMatchObject({ code: 'NOT_AVAILABLE' });
    } finally {
      await local.close();
    }
  });
});

/** The bytes of finished videos the shop itself received, from its Prometheus series. */
async function uploadedVideoBytes(metrics: TestServer['app']['services']['metrics']): Promise<number> {
  return videoBytesIn(await metrics.registry.metrics());
}
