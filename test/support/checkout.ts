/** Checkout helpers for the payment tests: an order with its token, and the payment mutations. */
import type { GraphQLClient } from './graphql-client';
import { makePng } from './images';
import { CREATE_ORDER, digitalOrder } from './orders';

export const START_PAYMENT = `mutation($orderId: ID!, $checkoutToken: String!) {
  startPayment(orderId: $orderId, checkoutToken: $checkoutToken) {
    provider paymentId clientSecret publishableKey amountCents currency userErrors { field message }
  }
}`;

export const CONFIRM_SANDBOX = `mutation($orderId: ID!, $checkoutToken: String!, $paymentId: String!, $cardNumber: String!) {
  confirmSandboxPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId, cardNumber: $cardNumber) {
    succeeded userErrors { field message }
  }
}`;

export const RECORD_PAYMENT = `mutation($orderId: ID!, $checkoutToken: String!, $paymentId: String!) {
  recordPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId) {
    order { id status amountCents } userErrors { field message }
  }
}`;

export type CheckoutOrderRef = {
  orderId: string;
  checkoutToken: string;
};

export async function placeOrder(
  client: GraphQLClient,
  input: Record<string, unknown> = digitalOrder(),
): Promise<CheckoutOrderRef> {
  const response = await client.upload(
    CREATE_ORDER,
    { input },
    {
      childPhoto: { name: 'kid.png', type: 'image/png', data: await makePng() },
    },
  );
  const { orderId, checkoutToken, userErrors } = response.data!.createOrder;
  if (userErrors.length) throw new Error(JSON.stringify(userErrors));
  return { orderId, checkoutToken };
}

/** An order paid through the sandbox with the test card that succeeds. */
export async function placePaidOrder(
  client: GraphQLClient,
  input: Record<string, unknown> = digitalOrder(),
): Promise<CheckoutOrderRef> {
  const ref = await placeOrder(client, input);
  const started = (await client.query(START_PAYMENT, ref)).data!.startPayment;
  await client.query(CONFIRM_SANDBOX, { ...ref, paymentId: started.paymentId, cardNumber: '4242 4242 4242 4242' });
  const recorded = (await client.query(RECORD_PAYMENT, { ...ref, paymentId: started.paymentId })).data!.recordPayment;
  if (recorded.order?.status !== 'Paid') throw new Error(`payment failed: ${JSON.stringify(recorded)}`);
  return ref;
}
