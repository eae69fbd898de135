/** Shared order fixtures: a valid form, the createOrder mutation, and bulk seeding. */
import type { DataSource } from 'typeorm';

export const CREATE_ORDER = /* GraphQL */ `
  mutation CreateOrder($input: CreateOrderInput!, $childPhoto: Upload!) {
    createOrder(input: $input, childPhoto: $childPhoto) {
      orderId
      checkoutToken
      order {
        id
        bookFormat
        title
        amountCents
        currency
        status
        childName
      }
      userErrors {
        field
        message
      }
    }
  }
`;

export const digitalOrder = () => ({
  childName: 'Mia',
  childAge: 6,
  moral: 'Kindness',
  storyIdea: 'Mia finds a lost puppy and helps it home',
  email: 'Parent@Example.com',
  bookFormat: 'digital',
});

export const printedOrder = () => ({
  ...digitalOrder(),
  bookFormat: 'printed',
  bookStyle: 'adventure',
  shippingAddress: {
    fullName: 'Sam Parent',
    streetAddress: '12 Oak Street',
    city: 'Portland',
    state: 'OR',
    zipCode: '97201',
    country: 'United States',
  },
});

/**
 * Inserts `count` orders in one statement, spread one second apart going back from `newest`,
 * cycling through the statuses. Returns nothing: tests read back what they need.
 */
export async function seedOrders(
  dataSource: DataSource,
  count: number,
  options: { newest?: Date; emailDomain?: string } = {},
): Promise<void> {
  const newest = options.newest ?? new Date();
  await dataSource.query(
    `INSERT INTO orders (id, child_name, child_age, moral, story_idea, email, book_format, book_style,
                         shipping_address, status, amount_cents, currency, photo_key,
                         created_at, updated_at)
     SELECT gen_random_uuid(), 'Child ' || i, 2 + (i % 11), 'Courage', '', 'parent' || i || '@' || $3,
            CASE WHEN i % 2 = 0 THEN 'digital' ELSE 'printed' END,
            CASE WHEN i % 2 = 0 THEN NULL ELSE 'classic' END, NULL,
            (ARRAY['Pending','Paid','Completed'])[1 + (i % 3)],
            CASE WHEN i % 2 = 0 THEN 2500 ELSE 5000 END, 'USD', NULL,
            $1::timestamptz - make_interval(secs => i), $1::timestamptz - make_interval(secs => i)
     FROM generate_series(1, $2::int) AS i`,
    [newest.toISOString(), count, options.emailDomain ?? 'example.com'],
  );
}
