import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { GraphQLClient } from '../support/graphql-client';
import { makeJpegWithExif, makePng } from '../support/images';
import { CREATE_ORDER, digitalOrder, printedOrder } from '../support/orders';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let client: GraphQLClient;
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  client = new GraphQLClient(server.url);
  png = await makePng();
});
afterAll(() => server?.close());

const photo = (data: Buffer = png, name = 'kid.png', type = 'image/png') => ({ childPhoto: { name, type, data } });

async function createOrder(input: Record<string, unknown>, files = photo()) {
  const response = await client.upload(CREATE_ORDER, { input }, files);
  expect(response.errors).toBeUndefined();
  return response.data!.createOrder;
}

async function orderCount(): Promise<number> {
  const [{ count }] = await server.dataSource.query('SELECT count(*)::int AS count FROM orders');
  return count;
}

function storedFiles(): string[] {
  try {
    return readdirSync(path.join(server.dataDir, 'files', 'photos'));
  } catch {
    return [];
  }
}

describe('createOrder', () => {
  it('creates a Pending digital order at the catalogue price and returns a checkout token', async () => {
    const result = await createOrder(digitalOrder());

    expect(result.userErrors).toEqual([]);
    expect(result.orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.checkoutToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.order).toMatchObject({
      id: result.orderId,
      bookFormat: 'digital',
      title: 'Digital Comic Book',
      amountCents: 2500,
      currency: 'USD',
      status: 'Pending',
      childName: 'Mia',
    });
    const [row] = await server.dataSource.query('SELECT * FROM orders WHERE id = $1', [result.orderId]);
    expect(row).toMatchObject({
      child_name: 'Mia',
      child_age: 6,
      moral: 'Kindness',
      email: 'parent@example.com',
      book_format: 'digital',
      book_style: null,
      shipping_address: null,
      status: 'Pending',
      amount_cents: 2500,
      photo_key: `photos/${result.orderId}.jpg`,
    });
    // The token is kept only as its sha256, in the order's access tokens.
    const tokens = await server.dataSource.query('SELECT token_hash, revoked_at FROM order_access_tokens WHERE order_id = $1', [
      result.orderId,
    ]);
    expect(tokens).toEqual([{ token_hash: createHash('sha256').update(result.checkoutToken).digest('hex'), revoked_at: null }]);
    expect(JSON.stringify(row)).not.toContain(result.checkoutToken);
    const events = await server.dataSource.query('SELECT type, to_status, actor FROM order_events WHERE order_id = $1', [
      result.orderId,
    ]);
    expect(events).toEqual([{ type: 'created', to_status: 'Pending', actor: 'customer' }]);
    expect(storedFiles()).toContain(`${result.orderId}.jpg`);
  });

  it('creates a printed order with its style and address at the printed price', async () => {
    const result = await createOrder(printedOrder());

    expect(result.userErrors).toEqual([]);
    expect(result.order).toMatchObject({ bookFormat: 'printed', title: 'Premium Printed Storybook', amountCents: 5000 });
    const [row] = await server.dataSource.query('SELECT book_style, shipping_address FROM orders WHERE id = $1', [
      result.orderId,
    ]);
    expect(row.book_style).toBe('adventure');
    expect(row.shipping_address).toEqual({ ...printedOrder().shippingAddress, addressLine2: null, phone: null });
  });

  it('keeps every one of the eight life lessons as chosen', async () => {
    for (const moral of ['Patience', 'Gratitude']) {
      const result = await createOrder({ ...digitalOrder(), moral });
      const [row] = await server.dataSource.query('SELECT moral FROM orders WHERE id = $1', [result.orderId]);
      expect(row.moral).toBe(moral);
    }
  });

  it('stores text trimmed and as typed, markup included, for rendering to escape', async () => {
    const result = await createOrder({ ...digitalOrder(), childName: '  <b>Zoë</b> ', storyIdea: ' "quotes" & `ticks` ' });
    const [row] = await server.dataSource.query('SELECT child_name, story_idea FROM orders WHERE id = $1', [result.orderId]);
    expect(row).toEqual({ child_name: '<b>Zoë</b>', story_idea: '"quotes" & `ticks`' });
  });

  const refusals: Array<[string, Record<string, unknown>, string, string]> = [
    ['a blank child name', { childName: '   ' }, 'Missing required fields', 'childName'],
    ['a blank e-mail', { email: '' }, 'Missing required fields', 'email'],
    ['a blank life lesson', { moral: ' ' }, 'Missing required fields', 'moral'],
    ['a blank format', { bookFormat: '' }, 'Missing required fields', 'bookFormat'],
    ['a child name over 50 characters', { childName: 'A'.repeat(51) }, 'Invalid child name', 'childName'],
    ['an age under 2', { childAge: 1 }, 'Child age must be between 2 and 12', 'childAge'],
    ['an age over 12', { childAge: 13 }, 'Child age must be between 2 and 12', 'childAge'],
    ['an e-mail without a domain', { email: 'parent@example' }, 'Invalid email address', 'email'],
    ['an e-mail with spaces', { email: 'pa rent@example.com' }, 'Invalid email address', 'email'],
    ['an unknown life lesson', { moral: 'Greed' }, 'Invalid moral value selected', 'moral'],
    ['an unknown format', { bookFormat: 'audiobook' }, 'Invalid book format', 'bookFormat'],
    [
      'a story idea over 1000 characters',
      { storyIdea: 'x'.repeat(1001) },
      'Story idea must be at most 1000 characters',
      'storyIdea',
    ],
  ];

  it.each(refusals)('refuses %s with its message and stores nothing', async (_case, change, message, field) => {
    const before = await orderCount();
    const files = storedFiles().length;
    const result = await createOrder({ ...digitalOrder(), ...change });
    expect(result.userErrors).toEqual([{ message, field }]);
    expect(result.orderId).toBeNull();
    expect(result.checkoutToken).toBeNull();
    expect(await orderCount()).toBe(before);
    expect(storedFiles()).toHaveLength(files);
  });

  const printedRefusals: Array<[string, (o: ReturnType<typeof printedOrder>) => unknown, string]> = [
    ['without a style', (o) => ({ ...o, bookStyle: null }), 'Invalid book style for printed format'],
    ['with a style the form does not offer', (o) => ({ ...o, bookStyle: 'modern' }), 'Invalid book style for printed format'],
    ['without an address', (o) => ({ ...o, shippingAddress: null }), 'Shipping address is required for printed books'],
    [
      'without a street address',
      (o) => ({ ...o, shippingAddress: { ...o.shippingAddress, streetAddress: ' ' } }),
      'Shipping address is required for printed books',
    ],
    [
      'without a zip code',
      (o) => ({ ...o, shippingAddress: { ...o.shippingAddress, zipCode: '' } }),
      'Shipping address is required for printed books',
    ],
    [
      'to a country outside North America',
      (o) => ({ ...o, shippingAddress: { ...o.shippingAddress, country: 'France' } }),
      'Shipping currently limited to North America',
    ],
  ];

  it.each(printedRefusals)('refuses a printed order %s', async (_case, change, message) => {
    const before = await orderCount();
    const result = await createOrder(change(printedOrder()) as Record<string, unknown>);
    expect(result.userErrors.map((e: { message: string }) => e.message)).toEqual([message]);
    expect(await orderCount()).toBe(before);
  });

  it('accepts a printed order without a state, as the spec allows', async () => {
    const order = printedOrder();
    const result = await createOrder({ ...order, shippingAddress: { ...order.shippingAddress, state: '' } });
    expect(result.userErrors).toEqual([]);
  });

  it("reports the first failure in the spec's order", async () => {
    const result = await createOrder({ ...digitalOrder(), childAge: 40, email: 'nope', moral: 'Greed' });
    expect(result.userErrors).toEqual([{ field: 'childAge', message: 'Child age must be between 2 and 12' }]);
  });

  it('refuses a photo field that is missing from the request', async () => {
    const response = await client.query(CREATE_ORDER, { input: digitalOrder(), childPhoto: null });
    expect(response.errors?.[0].message).toMatch(/childPhoto/);
  });
});

describe('createOrder photo rules', () => {
  it('accepts a PNG renamed .jpg, judging the bytes and not the name', async () => {
    const result = await createOrder(digitalOrder(), photo(png, 'holiday.jpg', 'image/jpeg'));
    expect(result.userErrors).toEqual([]);
    const [row] = await server.dataSource.query('SELECT photo_key FROM orders WHERE id = $1', [result.orderId]);
    expect(row.photo_key).toBe(`photos/${result.orderId}.jpg`);
  });

  it('stores a PNG as a JPEG, a transparent background turned white', async () => {
    // A red dot on a transparent square.
    const transparent = await sharp({
      create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: Buffer.from([255, 0, 0, 255]), raw: { width: 1, height: 1, channels: 4 }, left: 32, top: 32 }])
      .png()
      .toBuffer();
    const result = await createOrder(digitalOrder(), photo(transparent));
    expect(result.userErrors).toEqual([]);
    const stored = path.join(server.dataDir, 'files', 'photos', `${result.orderId}.jpg`);
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 64, height: 64, hasAlpha: false });
    const { data } = await sharp(stored)
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data].every((channel) => channel > 245)).toBe(true);
  });

  it('refuses a text file named .png and stores nothing', async () => {
    const before = await orderCount();
    const files = storedFiles().length;
    const text = Buffer.from('this is not a picture of a child\n'.repeat(20));
    const result = await createOrder(digitalOrder(), photo(text, 'kid.png', 'image/png'));
    expect(result.userErrors).toEqual([{ field: 'childPhoto', message: 'Please upload a JPEG or PNG image only.' }]);
    expect(await orderCount()).toBe(before);
    expect(storedFiles()).toHaveLength(files);
  });

  it('refuses a GIF even when it claims to be a JPEG', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const result = await createOrder(digitalOrder(), photo(gif, 'kid.jpg', 'image/jpeg'));
    expect(result.userErrors[0].message).toBe('Please upload a JPEG or PNG image only.');
  });

  it('refuses a file with a PNG header that does not decode', async () => {
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(2000, 7)]);
    const result = await createOrder(digitalOrder(), photo(broken));
    expect(result.userErrors[0].message).toBe('Please upload a JPEG or PNG image only.');
  });

  it('refuses a photo of 5 MB and one byte and stores nothing', async () => {
    const before = await orderCount();
    const files = storedFiles().length;
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    png.copy(big); // a real PNG header, then padding
    const result = await createOrder(digitalOrder(), photo(big));
    expect(result.userErrors).toEqual([{ field: 'childPhoto', message: 'Image should be less than 5MB in size.' }]);
    expect(await orderCount()).toBe(before);
    expect(storedFiles()).toHaveLength(files);
  });

  it('accepts a photo of exactly 5 MB', async () => {
    // A valid PNG padded with an ancillary chunk to exactly the limit.
    const limit = 5 * 1024 * 1024;
    const iend = png.subarray(png.length - 12);
    const body = png.subarray(0, png.length - 12);
    const padLength = limit - png.length - 12;
    const chunk = Buffer.alloc(12 + padLength);
    chunk.writeUInt32BE(padLength, 0);
    chunk.write('zzZz', 4, 'latin1'); // private, ancillary, safe to copy: decoders skip it
    const { crc32 } = await import('node:zlib');
    chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + padLength)) >>> 0, 8 + padLength);
    const exact = Buffer.concat([body, chunk, iend]);
    expect(exact.length).toBe(limit);
    const result = await createOrder(digitalOrder(), photo(exact));
    expect(result.userErrors).toEqual([]);
  });

  it('re-encodes the photo so no EXIF or GPS data is kept', async () => {
    const jpeg = await makeJpegWithExif();
    const original = await sharp(jpeg).metadata();
    expect(original.exif).toBeDefined(); // the fixture really carries it

    const result = await createOrder(digitalOrder(), photo(jpeg, 'phone.jpg', 'image/jpeg'));
    expect(result.userErrors).toEqual([]);
    const stored = path.join(server.dataDir, 'files', 'photos', `${result.orderId}.jpg`);
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(metadata.width).toBe(80);
  });

  it('bounds a very large photo to 2048 pixels on its longest side', async () => {
    const large = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#abc' } })
      .png()
      .toBuffer();
    const result = await createOrder(digitalOrder(), photo(large));
    const stored = path.join(server.dataDir, 'files', 'photos', `${result.orderId}.jpg`);
    const metadata = await sharp(stored).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 2048, 683]);
  });
});

describe('checkoutOrder', () => {
  const CHECKOUT = `query($orderId: ID!, $checkoutToken: String!) {
    checkoutOrder(orderId: $orderId, checkoutToken: $checkoutToken) { id bookFormat title amountCents currency status childName }
  }`;

  it('gives the order summary to the holder of the checkout token', async () => {
    const created = await createOrder(printedOrder());
    const response = await client.query(CHECKOUT, { orderId: created.orderId, checkoutToken: created.checkoutToken });
    expect(response.data!.checkoutOrder).toEqual({
      id: created.orderId,
      bookFormat: 'printed',
      title: 'Premium Printed Storybook',
      amountCents: 5000,
      currency: 'USD',
      status: 'Pending',
      childName: 'Mia',
    });
  });

  it("gives nothing for a wrong token, another order's token, or a malformed id", async () => {
    const first = await createOrder(digitalOrder());
    const second = await createOrder(digitalOrder());
    const attempts = [
      { orderId: first.orderId, checkoutToken: 'wrong' },
      { orderId: first.orderId, checkoutToken: second.checkoutToken },
      { orderId: first.orderId, checkoutToken: '' },
      { orderId: 'not-a-uuid', checkoutToken: first.checkoutToken },
    ];
    for (const variables of attempts) {
      const response = await client.query(CHECKOUT, variables);
      expect(response.errors).toBeUndefined();
      expect(response.data!.checkoutOrder).toBeNull();
    }
  });
});

describe('refusal codes', () => {
  const CREATE_WITH_CODE = `mutation($input: CreateOrderInput!, $childPhoto: Upload!) {
    createOrder(input: $input, childPhoto: $childPhoto) { orderId userErrors { code field message } }
  }`;

  it("marks a refused order INVALID_INPUT beside the spec's field and message", async () => {
    const response = await client.upload(CREATE_WITH_CODE, { input: { ...digitalOrder(), childAge: 30 } }, photo());
    expect(response.data!.createOrder).toEqual({
      orderId: null,
      userErrors: [{ code: 'INVALID_INPUT', field: 'childAge', message: 'Child age must be between 2 and 12' }],
    });
  });

  it('marks a photo that is not an image INVALID_INPUT', async () => {
    const response = await client.upload(
      CREATE_WITH_CODE,
      { input: digitalOrder() },
      photo(Buffer.from('not an image'), 'kid.png'),
    );
    expect(response.data!.createOrder.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'childPhoto', message: 'Please upload a JPEG or PNG image only.' },
    ]);
  });
});
