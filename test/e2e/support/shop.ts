/** Helpers for the browser tests: real images, and the admin API to check what was stored. */
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../../../playwright.config';

export function pngPhoto(width = 120, height = 90): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 250, g: 200, b: 120 } } })
    .png()
    .toBuffer();
}

const ORDER_FIELDS = `id status childName childAge moral email bookFormat bookStyle amountCents
  shippingAddress { fullName streetAddress city state zipCode country } photoUrl`;

/** Signs in through the API (the request context keeps the cookie) and reads one order. */
export async function adminOrder(
  request: APIRequestContext,
  id: string,
  fields = ORDER_FIELDS,
): Promise<Record<string, any> | null> {
  const login = await request.post('/graphql', {
    data: {
      query: 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { admin { id } } }',
      variables: { e: E2E_ADMIN.email, p: E2E_ADMIN.password },
    },
  });
  if (!(await login.json()).data.login.admin) throw new Error('e2e admin could not sign in');
  const response = await request.post('/graphql', {
    data: {
      query: `query($id: ID!) { order(id: $id) { ${fields} } }`,
      variables: { id },
    },
  });
  return (await response.json()).data.order;
}

export const PUBLIC_PAGES: Array<[string, string]> = [
  ['/', 'A Storybook Where Your Child Is the Hero'],
  ['/create', "Create Your Child's Storybook"],
  ['/faq', 'Frequently Asked Questions'],
  ['/about', 'About Us'],
  ['/process', 'Our Process'],
  ['/benefits', 'Benefits of Personalized Storybooks'],
  ['/privacy', 'Privacy Policy'],
  ['/cookies', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/payment-success?format=digital', 'Payment Successful!'],
  ['/payment-success?format=printed', 'Payment Successful!'],
  ['/no-such-page', 'Page Not Found'],
];
