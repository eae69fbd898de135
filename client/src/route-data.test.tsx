import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router-dom';

import { routeDataFor } from './route-data';
import { forgetRouteData, ROUTE_DATA_ELEMENT_ID, useForgetRouteDataOnMove } from './route-data-block';

const DATA = { orderPage: { __typename: 'OrderPage', childName: 'Mia' } };

/** The block the server writes into the shell it sends for /order/abc. */
function putInPage(content = JSON.stringify({ operationName: 'OrderPage', variables: { token: 'abc' }, data: DATA })) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = ROUTE_DATA_ELEMENT_ID;
  block.textContent = content;
  document.body.append(block);
}

afterEach(() => {
  forgetRouteData();
});

describe('the answer the server put in the page', () => {
  it('is given to the query and variables it answers, and taken out of the page', () => {
    putInPage();
    expect(routeDataFor('OrderPage', { token: 'abc' })).toEqual(DATA);
    expect(document.getElementById(ROUTE_DATA_ELEMENT_ID)).toBeNull();
    // A render React throws away may look again until the page has shown it.
    expect(routeDataFor('OrderPage', { token: 'abc' })).toEqual(DATA);
    forgetRouteData();
    expect(routeDataFor('OrderPage', { token: 'abc' })).toBeNull();
  });

  it('is forgotten once a page looked for another answer: the page it was for then asks the server too', () => {
    putInPage();
    expect(routeDataFor('OrderPage', { token: 'another' })).toBeNull();
    expect(routeDataFor('OrderPage', { token: 'abc' })).toBeNull();

    putInPage();
    expect(routeDataFor('ReceiptPage', { token: 'abc' })).toBeNull();
    expect(routeDataFor('OrderPage', { token: 'abc' })).toBeNull();
  });

  it('needs exactly the variables it was answered for', () => {
    putInPage();
    expect(routeDataFor('OrderPage', { token: 'abc', extra: 1 })).toBeNull();
  });

  it('is nothing when the block is not what the server writes', () => {
    putInPage('{not json');
    expect(routeDataFor('OrderPage', { token: 'abc' })).toBeNull();
    putInPage(JSON.stringify({ operationName: 'OrderPage', variables: { token: 'abc' } }));
    expect(routeDataFor('OrderPage', { token: 'abc' })).toBeNull();
  });

  it('is forgotten when the visitor moves to another address before the page it was for has loaded', async () => {
    function App() {
      useForgetRouteDataOnMove();
      return <Link to="/">Home</Link>;
    }
    putInPage();
    render(
      <MemoryRouter initialEntries={['/order/abc']}>
        <App />
      </MemoryRouter>,
    );
    // Still there while the visitor stays.
    expect(document.getElementById(ROUTE_DATA_ELEMENT_ID)).not.toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    await act(async () => undefined);
    expect(document.getElementById(ROUTE_DATA_ELEMENT_ID)).toBeNull();
    expect(routeDataFor('OrderPage', { token: 'abc' })).toBeNull();
  });
});
