import type { GraphQLClient } from './graphql-client';
import type { TestServer } from './test-server';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'correct horse battery staple';

export const LOGIN = `mutation($email: String!, $password: String!) {
  login(email: $email, password: $password) { admin { id email } userErrors { field message } }
}`;

export async function createAdmin(server: TestServer, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<void> {
  await server.app.services.auth.upsertAdmin(email, password);
}

/** Signs the client in (it keeps the cookie) and fails the test if that did not work. */
export async function signIn(client: GraphQLClient, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<void> {
  const response = await client.query(LOGIN, { email, password });
  if (!response.data?.login.admin) throw new Error(`sign-in failed: ${JSON.stringify(response)}`);
}
