import { parse } from 'graphql';

import { CLIENT_ROUTE_CHUNKS } from './client-route-chunks';
import { CLIENT_ROUTE_QUERIES, routeQueries } from './client-route-queries';

describe("the routes.json entry of a browser-rendered page's first query", () => {
  it("prints the order page's query as the browser sends it, with the token from the path", () => {
    const printed = routeQueries();
    expect(Object.keys(printed)).toEqual(Object.keys(CLIENT_ROUTE_QUERIES));
    const order = printed['/order/:token'];
    expect(order.operationName).toBe('OrderPage');
    expect(order.variables).toEqual({ token: ':token' });
    expect(order.query).toMatch(/^query OrderPage\(\$token: String!\)/);
    // The Apollo cache needs __typename on every selection to take the answer in as its own.
    expect(order.query).toMatch(/orderPage\(token: \$token\) \{[^}]*__typename/);
    expect(printed['/video/:token']).toEqual(order);
  });

  it('asks who is signed in first on every page of the admin portal, and nothing else', () => {
    const printed = routeQueries();
    const admin = Object.keys(CLIENT_ROUTE_CHUNKS).filter((route) => route.split('/')[1] === 'admin');
    expect(admin).toEqual(expect.arrayContaining(['/admin', '/admin/dashboard', '/admin/invite/:token']));
    for (const route of admin) {
      expect(printed[route].operationName).toBe('AdminMe');
      expect(printed[route].variables).toEqual({});
      expect(printed[route].query).toMatch(/^query AdminMe \{\s*me \{\s*id\s*email\s*role\s*__typename/);
    }
    expect(Object.keys(printed).sort()).toEqual([...admin, '/order/:token', '/video/:token'].sort());
  });

  it('refuses a mutation: the server would run it for whoever opens the address', () => {
    // Parsed, not tagged: these are not the client's operations.
    const document = parse('mutation ForgetOrder($token: String!) { forgetOrder(token: $token) { id } }');
    expect(() => routeQueries({ '/order/:token': { document, variables: { token: ':token' } } })).toThrow(
      'ForgetOrder (/order/:token) is not a query',
    );
  });

  it('refuses a variable the path does not name, and a query without a name', () => {
    const document = parse('query Order($token: String!) { orderPage(token: $token) { id } }');
    expect(() => routeQueries({ '/order/:token': { document, variables: { token: ':id' } } })).toThrow(
      '/order/:token has no path parameter :id',
    );
    const anonymous = parse('{ catalogue { currency } }');
    expect(() => routeQueries({ '/faq': { document: anonymous, variables: {} } })).toThrow(
      'the query for /faq has no operation name',
    );
  });

  it("names the proof's first page as the order page's first image, in the states the page shows the proof", () => {
    expect(routeQueries()['/order/:token'].images).toEqual([
      {
        url: 'orderPage.proof.firstPage.url',
        when: [{ 'orderPage.status': 'Paid' }, { 'orderPage.status': 'Completed', 'orderPage.bookFormat': 'printed' }],
      },
    ]);
  });

  describe('an image the page shows first', () => {
    const document = parse(`
      query Order($token: String!) {
        order: orderPage(token: $token) { ...Fields }
      }
      fragment Fields on OrderPage { status ... on OrderPage { proof { firstPage { url } } } }
    `);
    const withImage = (url: string, when?: Record<string, string>[]) =>
      routeQueries({ '/order/:token': { document, variables: { token: ':token' }, images: [{ url, when }] } });

    it('is read by the names the answer has, through fragments', () => {
      const printed = withImage('order.proof.firstPage.url', [{ 'order.status': 'Paid' }])['/order/:token'];
      expect(printed.images).toEqual([{ url: 'order.proof.firstPage.url', when: [{ 'order.status': 'Paid' }] }]);
    });

    it('is refused when the query does not ask for it or for a state it is shown in', () => {
      // The field's own name where the answer has the alias.
      expect(() => withImage('orderPage.proof.firstPage.url')).toThrow(
        'Order (/order/:token) does not ask for orderPage.proof.firstPage.url',
      );
      expect(() => withImage('order.proof.firstPage.width')).toThrow('does not ask for order.proof.firstPage.width');
      expect(() => withImage('order.status.url')).toThrow('does not ask for order.status.url');
      // An object, not a value: the server would find no address there.
      expect(() => withImage('order.proof.firstPage')).toThrow('does not ask for order.proof.firstPage');
      expect(() => withImage('order.proof.firstPage.url', [{ 'order.bookFormat': 'printed' }])).toThrow(
        'does not ask for order.bookFormat',
      );
    });
  });
});
