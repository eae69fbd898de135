import { GraphQLClient } from '../support/graphql-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const SUBSCRIBE = `mutation($email: String!) { subscribeNewsletter(email: $email) { subscribed userErrors { field message } } }`;
const subscribers = () => server.dataSource.query('SELECT email FROM newsletter_subscribers ORDER BY email');

describe('subscribeNewsletter', () => {
  it('stores the address once, lower-cased, however often it subscribes', async () => {
    const client = new GraphQLClient(server.url);
    for (const email of ['Reader@Example.com', ' reader@example.com ', 'READER@EXAMPLE.COM']) {
      const response = await client.query(SUBSCRIBE, { email });
      expect(response.data!.subscribeNewsletter).toEqual({ subscribed: true, userErrors: [] });
    }
    expect(await subscribers()).toEqual([{ email: 'reader@example.com' }]);
  });

  it.each(['', 'reader', 'reader@example', 'two words@example.com', `${'a'.repeat(250)}@example.com`])(
    'refuses %j with a message and stores nothing',
    async (email) => {
      const before = await subscribers();
      const response = await new GraphQLClient(server.url).query(SUBSCRIBE, { email });
      expect(response.data!.subscribeNewsletter).toEqual({
        subscribed: false,
        userErrors: [{ field: 'email', message: 'Please enter a valid email address.' }],
      });
      expect(await subscribers()).toEqual(before);
    },
  );
});
