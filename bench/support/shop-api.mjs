// The shop's GraphQL API as the benchmarks drive it before they measure: a printed order, paid
// through the sandbox, and an admin's session; and the client's own documents.
import { print } from 'graphql';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The client's document `name` (AdminOrders, say), as the client sends it: read from the generated client code. */
export function clientDocument(name) {
  const source = readFileSync(path.join(repoRoot, 'client', 'src', 'gql', 'graphql.ts'), 'utf8');
  const match = source.match(new RegExp(`export const ${name}Document = (\\{.*?\\}) as unknown as`));
  if (!match) throw new Error(`${name}Document not found in client/src/gql/graphql.ts`);
  return print(JSON.parse(match[1]));
}

/** One JSON request; throws on GraphQL errors; answers the data and the Set-Cookie headers. */
export async function gql(base, query, variables, cookie) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return { data: body.data, setCookie: res.headers.getSetCookie() };
}

/** createOrder's input for a digital book with its story idea: the order the load benchmarks send, and write. */
export const DIGITAL_STORY_ORDER = {
  childName: 'Mia',
  childAge: 6,
  moral: 'Kindness',
  storyIdea: 'Mia finds a lost puppy and helps it home',
  email: 'parent@example.com',
  bookFormat: 'digital',
};

/** createOrder's input for a printed book shipped to Portland. */
export const PRINTED_ORDER = {
  childName: 'Mia',
  childAge: 6,
  moral: 'Kindness',
  email: 'parent@example.com',
  bookFormat: 'printed',
  bookStyle: 'classic',
  shippingAddress: {
    fullName: 'Sam Parent',
    streetAddress: '12 Oak Street',
    city: 'Portland',
    state: 'OR',
    zipCode: '97201',
    country: 'United States',
  },
};

export const CREATE_ORDER =
  'mutation($input: CreateOrderInput!, $childPhoto: Upload!) { createOrder(input: $input, childPhoto: $childPhoto) { orderId checkoutToken userErrors { message } } }';

/** Pays the order as the payment page would in the sandbox: start, the card that succeeds, record. */
export async function payInSandbox(base, orderId, checkoutToken) {
  const o = orderId;
  const t = checkoutToken;
  const { startPayment } = (
    await gql(base, 'mutation($o: ID!, $t: String!) { startPayment(orderId: $o, checkoutToken: $t) { paymentId } }', { o, t })
  ).data;
  const p = startPayment.paymentId;
  await gql(
    base,
    'mutation($o: ID!, $t: String!, $p: String!) { confirmSandboxPayment(orderId: $o, checkoutToken: $t, paymentId: $p, cardNumber: "4242424242424242") { succeeded } }',
    { o, t, p },
  );
  await gql(
    base,
    'mutation($o: ID!, $t: String!, $p: String!) { recordPayment(orderId: $o, checkoutToken: $t, paymentId: $p) { order { status } } }',
    { o, t, p },
  );
}

/** Signs in; answers the session cookie to send with the admin's requests. */
export async function signIn(base, email, password) {
  const login = await gql(base, 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { admin { id } } }', {
    e: email,
    p: password,
  });
  return login.setCookie.map((c) => c.split(';')[0]).join('; ');
}
