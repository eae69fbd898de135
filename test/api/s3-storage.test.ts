/**
 * The real app with S3 storage (S3_BUCKET and friends) against s3rver, an in-process S3 fake:
 * an order's photo lands in the bucket, not on local disk, and is still only reachable through
 * the app's signed /media link, Range requests included.
 */
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createAdmin, signIn } from '../support/admin';
import { GraphQLClient } from '../support/graphql-client';
import { makeJpegWithExif } from '../support/images';
import { CREATE_ORDER, digitalOrder } from '../support/orders';
import { type RunningS3rver, startS3rver } from '../support/s3rver';
import { startTestServer, type TestServer } from '../support/test-server';

const BUCKET = 'shop-media';

let s3rver: RunningS3rver;
/** Looks straight into the bucket, past the app. */
let bucket: S3Client;
let server: TestServer;
let admin: GraphQLClient;

beforeAll(async () => {
  s3rver = await startS3rver(BUCKET);
  bucket = new S3Client(s3rver.config);
  server = await startTestServer(s3rver.env);
  await createAdmin(server);
  admin = new GraphQLClient(server.url);
  await signIn(admin);
});

afterAll(async () => {
  await server?.close();
  bucket?.destroy();
  await s3rver?.close();
});

async function bucketObject(key: string): Promise<Buffer> {
  const object = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

/** A customer's order with a phone photo; returns its id and the admin's signed photo link. */
async function orderWithPhoto(): Promise<{ orderId: string; photoUrl: string }> {
  const customer = new GraphQLClient(server.url);
  const created = await customer.upload(
    CREATE_ORDER,
    { input: digitalOrder() },
    { childPhoto: { name: 'kid.jpg', type: 'image/jpeg', data: await makeJpegWithExif() } },
  );
  expect(created.errors).toBeUndefined();
  expect(created.data!.createOrder.userErrors).toEqual([]);
  const orderId: string = created.data!.createOrder.orderId;
  const response = await admin.query<{ order: { photoUrl: string } }>(`query($id: ID!) { order(id: $id) { photoUrl } }`, {
    id: orderId,
  });
  expect(response.errors).toBeUndefined();
  return { orderId, photoUrl: response.data!.order.photoUrl };
}

describe('S3-compatible storage in the running app', () => {
  it('uses the bucket named by S3_BUCKET', () => {
    expect(server.app.services.storage.describe()).toBe(`s3://${BUCKET} (${new URL(s3rver.config.endpoint!).host})`);
  });

  it('keeps an order photo in the bucket, not on local disk, and serves it through the signed link', async () => {
    const { orderId, photoUrl } = await orderWithPhoto();
    const key = `photos/${orderId}.jpg`;
    expect(photoUrl).toMatch(new RegExp(`^/media/${key.replace('.', '\\.')}\\?exp=\\d+&sig=`));

    const listed = await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'photos/' }));
    expect(listed.Contents?.map((object) => object.Key)).toContain(key);
    const head = await bucket.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(head.ContentType).toBe('image/jpeg');
    const stored = await bucketObject(key);
    expect(stored.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true); // a JPEG
    expect(stored.includes('TestPhone')).toBe(false); // re-encoded without the phone's EXIF
    expect(existsSync(path.join(server.dataDir, 'files'))).toBe(false);

    const photo = await fetch(server.url + photoUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('content-length')).toBe(String(stored.length));
    expect(Buffer.from(await photo.arrayBuffer()).equals(stored)).toBe(true);

    // The bucket is never exposed: without a valid signature the app refuses.
    expect((await fetch(server.url + photoUrl.split('?')[0])).status).toBe(403);
  });

  it('answers a Range request on the photo link with 206 and exactly those bytes from the bucket', async () => {
    const { orderId, photoUrl } = await orderWithPhoto();
    const stored = await bucketObject(`photos/${orderId}.jpg`);

    const part = await fetch(server.url + photoUrl, { headers: { Range: 'bytes=2-101' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 2-101/${stored.length}`);
    expect(part.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await part.arrayBuffer()).equals(stored.subarray(2, 102))).toBe(true);

    const tail = await fetch(server.url + photoUrl, { headers: { Range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(stored.subarray(stored.length - 10))).toBe(true);
  });

  it('answers 404 through a valid link once the photo is gone from the bucket', async () => {
    const { orderId, photoUrl } = await orderWithPhoto();
    await server.app.services.storage.delete(`photos/${orderId}.jpg`);

    expect((await fetch(server.url + photoUrl)).status).toBe(404);
  });
});
