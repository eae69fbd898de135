/**
 * Video delivery over real HTTP: an admin uploads the finished video for a Paid order; the file
 * is stored, the order Completed, the event written and the delivery e-mail queued, all or
 * nothing; the parent opens the e-mailed link without an account.
 */
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { UPLOAD_IDLE_TIMEOUT_MS } from '../../server/src/http/body-time-limit';
import { createAdmin, signIn } from '../support/admin';
import { placeOrder, placePaidOrder } from '../support/checkout';
import { GraphQLClient } from '../support/graphql-client';
import { multipartFrame } from '../support/multipart';
import { digitalOrder, printedOrder } from '../support/orders';
import { startTestServer, type TestServer } from '../support/test-server';
import { REAL_PDF } from '../support/pdfs';
import { mp4OfSize, REAL_MP4, WEBM_HEAD } from '../support/videos';

const COMPLETE = `mutation($orderId: ID!, $video: Upload!, $storybookPdf: Upload) {
  completeOrderWithVideo(orderId: $orderId, video: $video, storybookPdf: $storybookPdf) {
    order { id status completedAt videoUrl } userErrors { field message }
  }
}`;
const RESEND = `mutation($orderId: ID!) {
  resendDeliveryEmail(orderId: $orderId) { order { id } userErrors { field message } }
}`;
const DELIVERY = `query($token: String!) {
  videoDelivery(token: $token) { childName expiresAt watchUrl downloadUrl contentType }
}`;
/** The e-mailed link opens the order page, which carries the delivery. */
const PAGE = `query($token: String!) {
  orderPage(token: $token) { childName delivery { watchUrl videoDownloadUrl contentType } }
}`;

let server: TestServer;
let admin: GraphQLClient;
let parent: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://shop.example.com' });
  await createAdmin(server);
  admin = new GraphQLClient(server.url);
  await signIn(admin);
  parent = new GraphQLClient(server.url);
});
afterAll(() => server?.close());

const VIDEO_PART = { variable: 'video', name: 'story.mp4', type: 'video/mp4' };
/** The finished book of a digital order: the video and its storybook PDF. */
const mp4 = (data: Buffer = REAL_MP4, name = 'story.mp4') => ({
  video: { name, type: 'video/mp4', data },
  storybookPdf: { name: 'storybook.pdf', type: 'application/pdf', data: REAL_PDF },
});
const videoOnly = (data: Buffer = REAL_MP4) => ({ video: mp4(data).video });
const videoFiles = () => {
  const dir = path.join(server.dataDir, 'files', 'videos');
  return existsSync(dir) ? readdirSync(dir) : [];
};
const orderRow = async (id: string) =>
  (await server.dataSource.query('SELECT status, video_key, completed_at FROM orders WHERE id = $1', [id]))[0];
const eventTypes = async (id: string) =>
  (await server.dataSource.query('SELECT type FROM order_events WHERE order_id = $1 ORDER BY created_at, id', [id])).map(
    (row: { type: string }) => row.type,
  );
const deliveryEmails = (id: string) =>
  server.dataSource.query(
    `SELECT to_address, subject, html, text, status FROM outbox_emails WHERE order_id = $1 AND template = 'video-delivery' ORDER BY created_at, id`,
    [id],
  );
const tokenIn = (text: string) => /https:\/\/shop\.example\.com\/order\/([\w-]+)/.exec(text)?.[1];

describe('completeOrderWithVideo', () => {
  it('stores the file, completes the order, writes the event and queues the e-mail', async () => {
    const { orderId } = await placePaidOrder(parent, { ...digitalOrder(), childName: 'Mia', email: 'Parent@Example.com' });
    const before = videoFiles().length;

    const response = await admin.upload(COMPLETE, { orderId }, mp4());

    const payload = response.data!.completeOrderWithVideo;
    expect(payload.userErrors).toEqual([]);
    expect(payload.order).toMatchObject({ id: orderId, status: 'Completed' });
    expect(payload.order.videoUrl).toMatch(/^\/media\/videos\//);

    const row = await orderRow(orderId);
    expect(row.status).toBe('Completed');
    expect(row.video_key).toMatch(new RegExp(`^videos/${orderId}-[0-9a-f]{8}\\.mp4$`));
    expect(row.completed_at).toBeInstanceOf(Date);
    expect(videoFiles()).toHaveLength(before + 1);
    expect(await eventTypes(orderId)).toEqual(['created', 'paid', 'completed']);

    const stored = await fetch(`${server.url}${payload.order.videoUrl}`);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await stored.arrayBuffer()).equals(REAL_MP4)).toBe(true);

    const [email] = await deliveryEmails(orderId);
    expect(email).toMatchObject({
      to_address: 'parent@example.com',
      subject: "Mia's story is ready to watch",
      status: 'pending',
    });
    expect(tokenIn(email.text)).toBeDefined();
    expect(email.html).toContain(`https://shop.example.com/order/${tokenIn(email.text)}`);
    expect(email.text).not.toContain('/video/');
  });

  it('refuses a Pending order and changes nothing', async () => {
    const { orderId } = await placeOrder(parent);
    const before = videoFiles().length;
    const response = await admin.upload(COMPLETE, { orderId }, mp4());
    expect(response.data!.completeOrderWithVideo).toEqual({
      order: null,
      userErrors: [{ field: 'status', message: 'This order has not been paid yet.' }],
    });
    expect((await orderRow(orderId)).status).toBe('Pending');
    expect(videoFiles()).toHaveLength(before);
    expect(await deliveryEmails(orderId)).toEqual([]);
  });

  it('refuses to complete an order twice, keeping the first video', async () => {
    const { orderId } = await placePaidOrder(parent);
    await admin.upload(COMPLETE, { orderId }, mp4());
    const first = (await orderRow(orderId)).video_key;
    const before = videoFiles().length;

    const again = await admin.upload(COMPLETE, { orderId }, mp4());
    expect(again.data!.completeOrderWithVideo.userErrors).toEqual([
      { field: 'status', message: 'This order has already been completed.' },
    ]);
    expect((await orderRow(orderId)).video_key).toBe(first);
    expect(videoFiles()).toHaveLength(before);
    expect(await deliveryEmails(orderId)).toHaveLength(1);
  });

  it("completes an order once when two uploads race, and keeps only the winner's file", async () => {
    const { orderId } = await placePaidOrder(parent);
    const before = videoFiles().length;
    const results = await Promise.all([admin.upload(COMPLETE, { orderId }, mp4()), admin.upload(COMPLETE, { orderId }, mp4())]);
    const errors = results.map((r) => r.data!.completeOrderWithVideo.userErrors);
    expect(errors.filter((e) => e.length === 0)).toHaveLength(1);
    expect(errors.flat()).toEqual([{ field: 'status', message: 'This order has already been completed.' }]);
    expect(videoFiles()).toHaveLength(before + 1);
    expect(videoFiles()).toContain(path.basename((await orderRow(orderId)).video_key));
    expect(await eventTypes(orderId)).toEqual(['created', 'paid', 'completed']);
    expect(await deliveryEmails(orderId)).toHaveLength(1);
  });

  it('refuses a text file named .mp4, storing nothing', async () => {
    const { orderId } = await placePaidOrder(parent);
    const before = videoFiles().length;
    const response = await admin.upload(COMPLETE, { orderId }, mp4(Buffer.from('not a video at all, only a name\n'.repeat(20))));
    expect(response.data!.completeOrderWithVideo.userErrors).toEqual([
      { field: 'video', message: 'Please upload an MP4, MOV or WebM video.' },
    ]);
    expect((await orderRow(orderId)).status).toBe('Paid');
    expect(videoFiles()).toHaveLength(before);
  });

  it('accepts a WebM, judged by its bytes whatever it is called', async () => {
    const { orderId } = await placePaidOrder(parent);
    const webm = Buffer.concat([WEBM_HEAD, Buffer.alloc(4096, 1)]);
    const response = await admin.upload(
      COMPLETE,
      { orderId },
      { ...mp4(), video: { name: 'final cut.bin', type: 'application/octet-stream', data: webm } },
    );
    expect(response.data!.completeOrderWithVideo.userErrors).toEqual([]);
    expect((await orderRow(orderId)).video_key).toMatch(/\.webm$/);
  });

  it('takes a video larger than the photo cap from an admin', async () => {
    const { orderId } = await placePaidOrder(parent);
    const response = await admin.upload(COMPLETE, { orderId }, mp4(mp4OfSize(7 * 1024 * 1024)));
    expect(response.data!.completeOrderWithVideo.userErrors).toEqual([]);
    const stored = await fetch(`${server.url}${response.data!.completeOrderWithVideo.order.videoUrl}`, { method: 'GET' });
    expect(Number(stored.headers.get('content-length'))).toBe(7 * 1024 * 1024);
    await stored.body?.cancel();
  });

  it('refuses an unknown order', async () => {
    const response = await admin.upload(COMPLETE, { orderId: '00000000-0000-4000-8000-000000000000' }, mp4());
    expect(response.data!.completeOrderWithVideo.userErrors).toEqual([{ field: 'orderId', message: 'Order not found.' }]);
  });

  it('leaves nothing behind when the upload is cut off mid-stream', async () => {
    // A printed order: it may be completed with the video alone, so the server starts storing it.
    const { orderId } = await placePaidOrder(parent, printedOrder());
    const before = videoFiles();
    const url = new URL(`${server.url}/graphql`);
    const boundary = 'cutoff-boundary';
    const { preamble } = multipartFrame({ query: COMPLETE, variables: { orderId, video: null } }, VIDEO_PART, boundary);
    const head = Buffer.concat(preamble);
    const request = http.request({
      host: url.hostname,
      port: url.port,
      path: '/graphql',
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'apollo-require-preflight': 'true',
        'content-length': String(head.length + 50 * 1024 * 1024),
        cookie: admin.cookie!,
      },
    });
    request.on('error', () => {});
    request.write(head);
    request.write(mp4OfSize(4 * 1024 * 1024));

    // Wait until the server is writing the video, then hang up halfway through.
    const partialSeen = await waitFor(() => videoFiles().some((name) => name.endsWith('.partial')));
    expect(partialSeen).toBe(true);
    request.destroy();

    expect(await waitFor(() => videoFiles().length === before.length)).toBe(true);
    expect(videoFiles()).toEqual(before);
    expect(await orderRow(orderId)).toMatchObject({ status: 'Paid', video_key: null, completed_at: null });
    expect(await eventTypes(orderId)).toEqual(['created', 'paid']);
    expect(await deliveryEmails(orderId)).toEqual([]);
  });
});

describe('a long upload', () => {
  let slow: TestServer;
  beforeAll(async () => {
    slow = await startTestServer({ REQUEST_BODY_TIMEOUT_SECONDS: '1' });
    await createAdmin(slow);
  });
  afterAll(() => slow?.close());

  it('is not cut off by the time limit on request bodies when an admin sends a video', async () => {
    const client = new GraphQLClient(slow.url);
    await signIn(client);
    const { orderId } = await placePaidOrder(new GraphQLClient(slow.url), printedOrder());
    const response = await trickle(slow, { query: COMPLETE, variables: { orderId, video: null } }, REAL_MP4, client.cookie, 2500);
    expect(JSON.parse(response).data.completeOrderWithVideo.userErrors).toEqual([]);
  });

  it('still cuts off anyone else whose body takes longer than the limit', async () => {
    const { orderId } = await placePaidOrder(new GraphQLClient(slow.url));
    await expect(
      trickle(slow, { query: COMPLETE, variables: { orderId, video: null } }, REAL_MP4, undefined, 2500),
    ).rejects.toThrow();
  });

  it('has no total time limit from Node, only the silence limit on sockets', () => {
    // Node's default would end a 2 GB upload on an ordinary uplink after 5 minutes.
    expect(server.app.server.requestTimeout).toBe(0);
    expect(server.app.server.timeout).toBe(UPLOAD_IDLE_TIMEOUT_MS);
    expect(server.config.requestBodyTimeoutMs).toBe(300_000);
  });
});

describe('the delivery link', () => {
  let orderId: string;
  let token: string;

  beforeAll(async () => {
    ({ orderId } = await placePaidOrder(parent, { ...digitalOrder(), childName: 'Leo' }));
    await admin.upload(COMPLETE, { orderId }, mp4());
    token = tokenIn((await deliveryEmails(orderId))[0].text)!;
  });

  it('lets the parent watch and download the video on the order page, without an account', async () => {
    const response = await new GraphQLClient(server.url).query(PAGE, { token });
    const page = response.data!.orderPage;
    expect(page.childName).toBe('Leo');
    const delivery = { ...page.delivery, downloadUrl: page.delivery.videoDownloadUrl };
    expect(delivery).toMatchObject({ contentType: 'video/mp4' });

    const watch = await fetch(`${server.url}${delivery.watchUrl}`);
    expect(watch.status).toBe(200);
    expect(watch.headers.get('content-disposition')).toBe('inline');
    expect(Buffer.from(await watch.arrayBuffer()).equals(REAL_MP4)).toBe(true);

    const download = await fetch(`${server.url}${delivery.downloadUrl}`);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="leo-kindness-storybook.mp4"');
    expect(Buffer.from(await download.arrayBuffer()).length).toBe(REAL_MP4.length);
  });

  it("answers a video player's range requests", async () => {
    const { watchUrl } = (await parent.query(PAGE, { token })).data!.orderPage.delivery;
    const partial = await fetch(`${server.url}${watchUrl}`, { headers: { range: 'bytes=100-199' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe(`bytes 100-199/${REAL_MP4.length}`);
    expect(Buffer.from(await partial.arrayBuffer()).equals(REAL_MP4.subarray(100, 200))).toBe(true);

    const tail = await fetch(`${server.url}${watchUrl}`, { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(REAL_MP4.subarray(-10))).toBe(true);

    const beyond = await fetch(`${server.url}${watchUrl}`, { headers: { range: `bytes=${REAL_MP4.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${REAL_MP4.length}`);
  });

  it('shows nothing for a guessed or altered token', async () => {
    expect((await parent.query(PAGE, { token: 'not-a-real-token' })).data!.orderPage).toBeNull();
    expect(
      (await parent.query(PAGE, { token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` })).data!.orderPage,
    ).toBeNull();
    expect(token).toMatch(/^[\w-]{43}$/); // 256 bits: an HMAC-SHA256, unguessable without the key
  });

  it('an older /video/ link keeps showing the video until it expires', async () => {
    const { orderId: other } = await placePaidOrder(parent, { ...digitalOrder(), childName: 'Ava' });
    await admin.upload(COMPLETE, { orderId: other }, mp4());
    // A link of the kind delivery e-mails carried before the order page: only its sha256 is stored.
    const legacy = 'legacy-video-link-token-0123456789abcdefghijk';
    await server.dataSource.query(
      `INSERT INTO video_links (id, order_id, token_hash, expires_at, created_by)
       VALUES (gen_random_uuid(), $1, encode(sha256(convert_to($2, 'UTF8')), 'hex'), now() + interval '1 day', 'admin:a@example.com')`,
      [other, legacy],
    );
    const delivery = (await parent.query(DELIVERY, { token: legacy })).data!.videoDelivery;
    expect(delivery).toMatchObject({ childName: 'Ava', contentType: 'video/mp4' });
    expect((await fetch(`${server.url}${delivery.watchUrl}`)).status).toBe(200);

    await server.dataSource.query(`UPDATE video_links SET expires_at = now() - interval '1 second' WHERE order_id = $1`, [other]);
    expect((await parent.query(DELIVERY, { token: legacy })).data!.videoDelivery).toBeNull();
  });

  it("is sent again, as a second e-mail with the order's one link", async () => {
    const response = await admin.query(RESEND, { orderId });
    expect(response.data!.resendDeliveryEmail).toEqual({ order: { id: orderId }, userErrors: [] });
    const emails = await deliveryEmails(orderId);
    expect(emails).toHaveLength(2);
    expect(tokenIn(emails[1].text)).toBe(token);
    expect((await parent.query(PAGE, { token })).data!.orderPage.childName).toBe('Leo');
    expect(await eventTypes(orderId)).toEqual(['created', 'paid', 'completed', 'delivery_email_resent']);
  });

  it('is not sent for an order without a video', async () => {
    const { orderId: paid } = await placePaidOrder(parent);
    const response = await admin.query(RESEND, { orderId: paid });
    expect(response.data!.resendDeliveryEmail.userErrors).toEqual([
      { field: null, message: 'Only a Completed order has a video to send.' },
    ]);
    expect(await deliveryEmails(paid)).toEqual([]);
  });
});

describe('who may deliver', () => {
  it('refuses anonymous uploads and resends, changing nothing', async () => {
    const { orderId } = await placePaidOrder(parent);
    const before = videoFiles().length;
    const upload = await parent.upload(COMPLETE, { orderId }, videoOnly());
    expect(upload.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(upload.data?.completeOrderWithVideo ?? null).toBeNull();
    // Two files are for a signed-in admin only: anyone else is stopped at the upload itself.
    const both = await parent.upload(COMPLETE, { orderId }, mp4());
    expect(both.errors?.[0].extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    const resend = await parent.query(RESEND, { orderId });
    expect(resend.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await orderRow(orderId)).status).toBe('Paid');
    expect(videoFiles()).toHaveLength(before);
  });

  it('refuses an anonymous upload past the photo cap, storing nothing', async () => {
    const { orderId } = await placePaidOrder(parent);
    const before = videoFiles().length;
    const upload = await parent.upload(COMPLETE, { orderId }, videoOnly(mp4OfSize(6 * 1024 * 1024)));
    // Refused from its declared length alone, before the body is read (an admin would be let through).
    expect(upload.errors?.[0].extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await orderRow(orderId)).status).toBe('Paid');
    expect(videoFiles()).toHaveLength(before);
  });

  it('refuses a logged-out session cookie', async () => {
    const staff = new GraphQLClient(server.url);
    await signIn(staff);
    const cookie = staff.cookie;
    await staff.query('mutation { logout }');
    staff.cookie = cookie;
    const { orderId } = await placePaidOrder(parent);
    const upload = await staff.upload(COMPLETE, { orderId }, videoOnly());
    expect(upload.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await orderRow(orderId)).status).toBe('Paid');
  });

  it('escapes what the parent typed in the delivery e-mail', async () => {
    const { orderId } = await placePaidOrder(parent, { ...digitalOrder(), childName: '<img src=x onerror=alert(1)>' });
    await admin.upload(COMPLETE, { orderId }, mp4());
    const [email] = await deliveryEmails(orderId);
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('with a smaller video limit', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startTestServer({ VIDEO_MAX_BYTES: String(64 * 1024) });
    await createAdmin(small);
  });
  afterAll(() => small?.close());

  it('refuses a video past the limit with the limit in the message, storing nothing', async () => {
    const client = new GraphQLClient(small.url);
    await signIn(client);
    const shopper = new GraphQLClient(small.url);
    const { orderId } = await placePaidOrder(shopper);
    const response = await client.upload(COMPLETE, { orderId }, mp4(mp4OfSize(64 * 1024 + 1)));
    expect(response.data!.completeOrderWithVideo.userErrors).toEqual([
      { field: 'video', message: 'The video is too large: the limit is 64 KB.' },
    ]);
    const dir = path.join(small.dataDir, 'files', 'videos');
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
    const [row] = await small.dataSource.query('SELECT status FROM orders WHERE id = $1', [orderId]);
    expect(row.status).toBe('Paid');
    const config = await client.query('{ shopConfig { videoMaxBytes } }');
    expect(config.data!.shopConfig.videoMaxBytes).toBe(64 * 1024);
  });
});

/** Sends a one-file multipart request spread over `overMs`; resolves with the body, rejects if the server hangs up. */
function trickle(
  target: TestServer,
  operations: { query: string; variables: Record<string, unknown> },
  file: Buffer,
  cookie: string | undefined,
  overMs: number,
): Promise<string> {
  const url = new URL(`${target.url}/graphql`);
  const boundary = 'trickle-boundary';
  const { preamble, closing } = multipartFrame(operations, VIDEO_PART, boundary);
  const body = Buffer.concat([...preamble, file, closing]);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: '/graphql',
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(body.length),
          'apollo-require-preflight': 'true',
          ...(cookie ? { cookie } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve(text));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    const pieces = 10;
    const size = Math.ceil(body.length / pieces);
    let sent = 0;
    const next = () => {
      if (request.destroyed) return;
      request.write(body.subarray(sent, sent + size));
      sent += size;
      if (sent < body.length) setTimeout(next, overMs / pieces);
      else request.end();
    };
    next();
  });
}

/** Polls `check` every 20 ms for up to 10 s: for effects of a hang-up, which no response reports. */
async function waitFor(check: () => boolean): Promise<boolean> {
  for (let i = 0; i < 500; i += 1) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}
