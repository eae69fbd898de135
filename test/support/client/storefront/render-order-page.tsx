/** The parent's order page at /order/{TOKEN}, on mocked API answers, for the page's section tests. */
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import { OrderPage } from '../../../../client/src/storefront/order/OrderPage';
import { TOKEN } from './order-page-mocks';

export function renderOrderPage(mocks: MockLink.MockedResponse[]) {
  const user = userEvent.setup();
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={[`/order/${TOKEN}`]}>
        <Routes>
          <Route path="/order/:token" element={<OrderPage />} />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
  return user;
}
