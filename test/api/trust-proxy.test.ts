/**
 * Behind one reverse proxy (TRUST_PROXY=1) the client's address is the one that proxy saw,
 * the right-most X-Forwarded-For entry: whatever a client writes to the left of it is not
 * believed, so it cannot dodge the per-address sign-in limit by forging the header.
 */
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(() => server?.close());

const LOGIN = 'mutation($email: String!) { login(email: $email, password: "guess") { userErrors { message } } }';

function loginThroughProxy(email: string, forwardedFor: string) {
  return fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ query: LOGIN, variables: { email } }),
  }).then((response) => response.json() as Promise<{ data: { login: { userErrors: Array<{ message: string }> } } }>);
}

describe('the client address behind a proxy', () => {
  it('is what the proxy saw, however the client forges the header', async () => {
    for (let i = 0; i < 20; i++) {
      await loginThroughProxy(`someone${i}@example.com`, `198.51.100.${i}, 203.0.113.7`);
    }
    const addresses = await server.dataSource.query('SELECT DISTINCT ip FROM login_attempts');
    expect(addresses).toEqual([{ ip: '203.0.113.7' }]);

    const blocked = await loginThroughProxy('another@example.com', '198.51.100.99, 203.0.113.7');
    expect(blocked.data.login.userErrors[0].message).toBe('Too many login attempts. Please wait 15 minutes and try again.');

    const someoneElse = await loginThroughProxy('another@example.com', '203.0.113.8');
    expect(someoneElse.data.login.userErrors[0].message).toBe('Invalid email or password');
  });
});
