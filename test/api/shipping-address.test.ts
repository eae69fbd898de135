/**
 * A printed book's address, as its country writes it: US ZIP and ZIP+4, Canadian postal codes,
 * the state or province from its list (stored as its code), an apartment line and a phone for
 * the carrier that is kept only until the book ships. A refused address creates nothing.
 */
import { createAdmin, signIn } from '../support/admin';
import { placeOrder, placePaidOrder } from '../support/checkout';
import { GraphQLClient } from '../support/graphql-client';
import { makePng } from '../support/images';
import { CREATE_ORDER, printedOrder } from '../support/orders';
import { approvedProof } from '../support/proofs';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: GraphQLClient;
let customer: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer();
  await createAdmin(server);
  admin = new GraphQLClient(server.url);
  await signIn(admin);
  customer = new GraphQLClient(server.url);
});
afterAll(() => server?.close());

const canadian = (changes: Record<string, string | null> = {}) => ({
  ...printedOrder(),
  shippingAddress: {
    fullName: 'Ana Parent',
    streetAddress: '1 Maple Ave',
    addressLine2: 'Unit 4',
    city: 'Toronto',
    state: 'Ontario',
    zipCode: 'm5v2t6',
    country: 'Canada',
    phone: '(416) 555-0123',
    ...changes,
  },
});

const ADDRESS = 'fullName streetAddress addressLine2 city state zipCode country phone';
const ADMIN_ORDER = `query($id: ID!) { order(id: $id) { id status shippingAddress { ${ADDRESS} } } }`;
const SHIP = `mutation($orderId: ID!) {
  shipOrder(orderId: $orderId, carrier: "Canada Post", trackingNumber: "7023210039414604") {
    order { id status shippingAddress { ${ADDRESS} } } userErrors { message }
  }
}`;
const orderCount = async () => Number((await server.dataSource.query('SELECT count(*) AS n FROM orders'))[0].n);

async function refusal(input: Record<string, unknown>) {
  const before = await orderCount();
  const response = await customer.upload(
    CREATE_ORDER,
    { input },
    { childPhoto: { name: 'kid.png', type: 'image/png', data: await makePng() } },
  );
  expect(await orderCount()).toBe(before);
  return response.data!.createOrder.userErrors[0];
}

describe("a printed book's address", () => {
  it('is stored as the carrier reads it: the province code, the postal code and the phone written one way', async () => {
    const { orderId } = await placeOrder(customer, canadian());
    const order = (await admin.query(ADMIN_ORDER, { id: orderId })).data!.order;
    expect(order.shippingAddress).toEqual({
      fullName: 'Ana Parent',
      streetAddress: '1 Maple Ave',
      addressLine2: 'Unit 4',
      city: 'Toronto',
      state: 'ON',
      zipCode: 'M5V 2T6',
      country: 'Canada',
      phone: '+1 416-555-0123',
    });
  });

  it('refuses a postal code, a region or a phone that is not the country’s, and creates nothing', async () => {
    expect(await refusal(canadian({ zipCode: '1' }))).toEqual({
      field: 'shippingAddress.zipCode',
      message: 'Invalid ZIP or postal code for the country',
    });
    expect(await refusal(canadian({ zipCode: '97201' }))).toMatchObject({ field: 'shippingAddress.zipCode' });
    expect(await refusal(canadian({ state: 'OR' }))).toEqual({
      field: 'shippingAddress.state',
      message: 'Invalid state or province for the country',
    });
    expect(await refusal(canadian({ phone: '0123' }))).toEqual({
      field: 'shippingAddress.phone',
      message: 'Invalid phone number: give a North American number with its area code',
    });
    const us = printedOrder();
    expect(await refusal({ ...us, shippingAddress: { ...us.shippingAddress, zipCode: 'M5V 2T6' } })).toMatchObject({
      message: 'Invalid ZIP or postal code for the country',
    });
  });

  it('takes ZIP+4, and no phone or apartment at all', async () => {
    const us = printedOrder();
    const { orderId } = await placeOrder(customer, { ...us, shippingAddress: { ...us.shippingAddress, zipCode: '97201 1234' } });
    const order = (await admin.query(ADMIN_ORDER, { id: orderId })).data!.order;
    expect(order.shippingAddress).toMatchObject({ zipCode: '97201-1234', addressLine2: null, phone: null, state: 'OR' });
  });

  it('keeps the phone only until the book ships, and the CSV has the apartment line', async () => {
    const { orderId, checkoutToken } = await placePaidOrder(customer, canadian());
    await approvedProof(admin, customer, orderId, checkoutToken);
    const shipped = (await admin.query(SHIP, { orderId })).data!.shipOrder;
    expect(shipped.userErrors).toEqual([]);
    expect(shipped.order.shippingAddress).toMatchObject({ addressLine2: 'Unit 4', phone: null });
    const [row] = await server.dataSource.query('SELECT shipping_address FROM orders WHERE id = $1', [orderId]);
    const stored = typeof row.shipping_address === 'string' ? JSON.parse(row.shipping_address) : row.shipping_address;
    expect(stored.phone).toBeNull();
    expect(JSON.stringify(stored)).not.toContain('555-0123');

    const csv = await (await fetch(`${server.url}/admin/orders.csv`, { headers: { cookie: admin.cookie! } })).text();
    const [header, ...rows] = csv.trim().split('\r\n');
    expect(header).toMatch(/,"Apartment, suite",Phone for the carrier,Gift message,Gift delivery date$/);
    const line = rows.find((one) => one.startsWith(orderId));
    expect(line).toContain('Unit 4');
    expect(line).not.toContain('555-0123');
  });

  it('offers each country its regions and postal code in the catalogue', async () => {
    const { catalogue } = (
      await customer.query(`{ catalogue {
        shippingDestinations { country countryCode regionLabel postalLabel postalExample postalPattern regions { code name } }
        printedDelivery { shippingIncluded arrivesFromBusinessDays arrivesByBusinessDays }
      } }`)
    ).data!;
    const [us, canada] = catalogue.shippingDestinations;
    expect(us).toMatchObject({ country: 'United States', countryCode: 'US', regionLabel: 'State', postalLabel: 'ZIP code' });
    expect(us.regions).toHaveLength(52);
    expect(canada).toMatchObject({ country: 'Canada', regionLabel: 'Province or territory', postalLabel: 'Postal code' });
    expect(canada.regions.map((region: { code: string }) => region.code)).toContain('QC');
    expect(new RegExp(canada.postalPattern, 'i').test('k1a 0b6')).toBe(true);
    expect(catalogue.printedDelivery).toEqual({ shippingIncluded: true, arrivesFromBusinessDays: 7, arrivesByBusinessDays: 10 });
  });
});
