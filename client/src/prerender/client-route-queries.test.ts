import { parse } from 'graphql';

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
});
