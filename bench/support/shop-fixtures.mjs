// Orders in the states a benchmark visits, made through the shop's GraphQL API as a parent and
// an admin would make them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { uploadRequest } from './multipart.mjs';
import { CREATE_ORDER, payInSandbox, PRINTED_ORDER } from './shop-api.mjs';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'test', 'e2e', 'fixtures');

/** createOrder's input for a digital book. */
export const DIGITAL_ORDER = { ...PRINTED_ORDER, bookFormat: 'digital', bookStyle: undefined, shippingAddress: undefined };

/** createOrder with a small PNG as the child's photo; answers { orderId, checkoutToken }. */
export async function createOrderWithPhoto(base, input) {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#fa8' } })
    .png()
    .toBuffer();
  const reply = await uploadRequest(
    base,
    CREATE_ORDER,
    { input },
    { childPhoto: { name: 'kid.png', type: 'image/png', data: photo } },
  );
  const created = reply.data?.createOrder;
  if (!created?.orderId || created.userErrors?.length) throw new Error(`createOrder: ${JSON.stringify(reply)}`);
  return created;
}

/**
 * A digital order, paid in the sandbox and delivered by the admin signed in with `cookie` (the
 * browser tests' video and PDF); answers the token of its order page.
 */
export async function deliveredDigitalOrder(base, cookie) {
  const { orderId, checkoutToken } = await createOrderWithPhoto(base, DIGITAL_ORDER);
  await payInSandbox(base, orderId, checkoutToken);
  const reply = await uploadRequest(
    base,
    'mutation($o: ID!, $video: Upload!, $pdf: Upload) { completeOrderWithVideo(orderId: $o, video: $video, storybookPdf: $pdf) { order { status } userErrors { message } } }',
    { o: orderId },
    {
      video: { name: 'story.mp4', type: 'video/mp4', data: readFileSync(path.join(fixtures, 'story.mp4')) },
      pdf: { name: 'storybook.pdf', type: 'application/pdf', data: readFileSync(path.join(fixtures, 'storybook.pdf')) },
    },
    cookie,
  );
  const completed = reply.data?.completeOrderWithVideo;
  if (completed?.order?.status !== 'Completed') throw new Error(`completeOrderWithVideo: ${JSON.stringify(reply)}`);
  return checkoutToken;
}
