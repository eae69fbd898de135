import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

import {
  aCompletedOrder,
  anOrderPage,
  CATALOGUE,
  DELIVERY,
  orderPageMock,
  TOKEN,
} from '../../../../test/support/client/storefront/order-page-mocks';
import { forgetRouteData, ROUTE_DATA_ELEMENT_ID } from '../../route-data-block';
import { readCheckout, takeRedirectFlag } from '../checkout-session';
import { formatDay, ORDER_MESSAGES } from './order-page-messages';
import { RENEW_ORDER_LINK_MUTATION } from './order-page-operations';
import { OrderPage } from './OrderPage';

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderOrderPage(mocks: MockLink.MockedResponse[], path = `/order/${TOKEN}`) {
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/order/:token" element={<OrderPage />} />
          <Route path="/video/:token" element={<OrderPage />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </MockedProvider>,
  );
}

const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

afterEach(() => window.sessionStorage.clear());

describe('OrderPage', () => {
  it('links the receipt of a paid order', async () => {
    renderOrderPage([orderPageMock(anOrderPage({ receiptUrl: '/receipt/3f2a9c10-0000-4000-8000-000000000000/sig' }))]);
    expect(await screen.findByRole('link', { name: 'Your receipt' })).toHaveAttribute(
      'href',
      '/receipt/3f2a9c10-0000-4000-8000-000000000000/sig',
    );
  });

  it('has no receipt link before the order is paid', async () => {
    renderOrderPage([orderPageMock(anOrderPage({ status: 'Pending', receiptUrl: null }))]);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Your receipt' })).not.toBeInTheDocument();
  });

  it('shows a Paid order: reference, status, what was ordered, and the timeline in plain words', async () => {
    renderOrderPage([orderPageMock(anOrderPage(), { delay: 20 })]);
    expect(screen.getByRole('status')).toHaveTextContent(ORDER_MESSAGES.loading);

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("We are making Mia's book");
    expect(screen.getByText('Order 3f2a9c10')).toBeInTheDocument();
    expect(screen.getByText('Paid: we are making your book')).toBeInTheDocument();

    expect(screen.getByRole('img', { name: 'Photo of Mia' })).toHaveAttribute(
      'src',
      'https://shop.test/media/photos/p.jpg?sig=photo',
    );
    expect(value("Child's name")).toHaveTextContent('Mia');
    expect(value('Age')).toHaveTextContent('6');
    expect(value('Life lesson')).toHaveTextContent('Kindness & Sharing');
    expect(value('Story idea')).toHaveTextContent('Mia finds a lost puppy');
    expect(value('Dedication')?.textContent).toBe('For Mia,\nwho shares everything.');
    expect(value('Book')).toHaveTextContent('Digital Comic Book');
    expect(value('Price')).toHaveTextContent(/^\$25$/);
    expect(value('E-mail')).toHaveTextContent('mia.parent@example.com');
    expect(value('E-mail')?.innerHTML).toBe('<span class="email-address">mia<wbr>.parent<wbr>@example<wbr>.com</span>');
    expect(screen.queryByText('Shipping address', { selector: 'dt' })).not.toBeInTheDocument();

    const timeline = screen.getByRole('region', { name: 'Where your order stands' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Order placed', 'Payment received']);
    // Nothing to pay, nothing delivered yet, nothing to change.
    expect(screen.queryByRole('button', { name: ORDER_MESSAGES.completePayment })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: ORDER_MESSAGES.downloadVideo })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ORDER_MESSAGES.requestChange })).not.toBeInTheDocument();
    // Out of search engines, and the token never leaves as a Referer.
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(document.querySelector('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  });

  it("opens the payment page for a Pending order with this link's token kept in the tab", async () => {
    const user = userEvent.setup();
    const order = anOrderPage({ status: 'Pending', canPay: true, timeline: [] });
    renderOrderPage([orderPageMock(order)]);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Your order is waiting for payment');
    expect(screen.getByText(ORDER_MESSAGES.pendingNote)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: ORDER_MESSAGES.completePayment }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/payment?orderId=${String(order.id)}&amount=25&format=digital`);
    expect(readCheckout()).toEqual({ orderId: order.id, checkoutToken: TOKEN });
    expect(takeRedirectFlag()).toBe(true);
  });

  it('offers no payment for a Pending order whose details were deleted', async () => {
    renderOrderPage([orderPageMock(anOrderPage({ status: 'Pending', canPay: true, childDataDeleted: true, childName: null }))]);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: ORDER_MESSAGES.completePayment })).not.toBeInTheDocument();
  });

  it('shows a Completed order with its video, the video download and the PDF download', async () => {
    renderOrderPage([orderPageMock(aCompletedOrder())]);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("Mia's story is ready");
    const video = document.querySelector('video');
    expect(video).toHaveAttribute('controls');
    expect(video?.querySelector('source')).toHaveAttribute('src', DELIVERY.watchUrl);
    expect(video?.querySelector('source')).toHaveAttribute('type', 'video/mp4');
    const download = screen.getByRole('link', { name: ORDER_MESSAGES.downloadVideo });
    expect(download).toHaveAttribute('href', DELIVERY.videoDownloadUrl);
    expect(download).toHaveAttribute('download');
    const pdf = screen.getByRole('link', { name: ORDER_MESSAGES.downloadPdf });
    expect(pdf).toHaveAttribute('href', DELIVERY.pdfUrl);
    expect(pdf).toHaveAttribute('download');
    expect(screen.getByText(/^Delivered on/)).toHaveTextContent(`Delivered on ${formatDay(DELIVERY.deliveredAt)}`);
    expect(screen.getByText('Your book is ready')).toBeInTheDocument();
  });

  it("puts a digital book's PDF first, to read in the browser or download, and the video after it", async () => {
    renderOrderPage([orderPageMock(aCompletedOrder())]);
    await screen.findByRole('heading', { level: 1 });
    const read = screen.getByRole('link', { name: ORDER_MESSAGES.readPdf });
    expect(read).toHaveAttribute('href', DELIVERY.pdfReadUrl);
    expect(read).toHaveAttribute('target', '_blank');
    expect(read).not.toHaveAttribute('download');
    expect(read).toHaveClass('button--primary');
    const links = screen.getAllByRole('link').map((link) => link.textContent);
    expect(links.indexOf(ORDER_MESSAGES.readPdf)).toBeLessThan(links.indexOf(ORDER_MESSAGES.downloadVideo));
    expect(links.indexOf(ORDER_MESSAGES.downloadPdf)).toBeLessThan(links.indexOf(ORDER_MESSAGES.downloadVideo));
    expect(screen.getByRole('link', { name: ORDER_MESSAGES.downloadVideo })).toHaveClass('button--secondary');
  });

  it('has no PDF link for a book delivered without one', async () => {
    renderOrderPage([orderPageMock(aCompletedOrder({ delivery: { ...DELIVERY, pdfUrl: null } }))]);
    await screen.findByRole('link', { name: ORDER_MESSAGES.downloadVideo });
    expect(screen.queryByRole('link', { name: ORDER_MESSAGES.downloadPdf })).not.toBeInTheDocument();
  });

  it('shows a Shipped printed order with its tracking, its address and that shipping is included', async () => {
    renderOrderPage([
      orderPageMock(
        aCompletedOrder({
          status: 'Shipped',
          bookFormat: 'printed',
          bookStyle: 'watercolor',
          title: 'Premium Printed Storybook',
          amountCents: 5000,
          shippingIncluded: true,
          shippingAddress: {
            __typename: 'ShippingAddress',
            fullName: 'Ana Parent',
            streetAddress: '1 Maple Ave',
            addressLine2: 'Apt 4B',
            phone: null,
            city: 'Portland',
            state: 'OR',
            zipCode: '97201',
            country: 'United States',
          },
          shipment: {
            __typename: 'OrderShipment',
            carrier: 'UPS',
            trackingNumber: '1Z999AA10123456784',
            trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
            shippedAt: '2025-03-07T09:00:00.000Z',
          },
        }),
      ),
    ]);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("Mia's book is on its way");
    const tracking = screen.getByRole('region', { name: 'Tracking' });
    expect(within(tracking).getByText('UPS')).toBeInTheDocument();
    expect(within(tracking).getByText('1Z999AA10123456784')).toBeInTheDocument();
    const track = within(tracking).getByRole('link', { name: /^Track your parcel/ });
    expect(track).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(track).toHaveAttribute('rel', 'noopener noreferrer');
    expect(value('Style')).toHaveTextContent('Soft Watercolor');
    expect(value('Price')).toHaveTextContent('$50, shipping to the US and Canada included');
    expect(value('Shipping address')).toHaveTextContent('Ana Parent1 Maple AveApt 4BPortland, OR, 97201United States');
    // The phone was for the carrier only: a shipped order keeps none, and the page shows no row for it.
    expect(screen.queryByText('Phone for the carrier', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('shows a Refunded order with its refunds', async () => {
    renderOrderPage([
      orderPageMock(
        anOrderPage({
          status: 'Refunded',
          refunds: [
            { __typename: 'OrderRefund', amountCents: 2500, refundedAt: '2025-03-08T12:00:00.000Z', reason: 'Not as hoped' },
          ],
        }),
      ),
    ]);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('This order was refunded');
    const refunds = screen.getByRole('region', { name: 'Refunds' });
    expect(within(refunds).getByRole('listitem')).toHaveTextContent(
      `$25 refunded on ${formatDay('2025-03-08T12:00:00.000Z')}: Not as hoped`,
    );
  });

  it("shows an order whose child's data was deleted, without the child's details", async () => {
    renderOrderPage([
      orderPageMock(
        aCompletedOrder({
          childDataDeleted: true,
          childName: null,
          childAge: null,
          storyIdea: null,
          dedication: null,
          photoUrl: null,
          delivery: null,
          canRequestChange: false,
        }),
      ),
    ]);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Your story is ready');
    expect(screen.getByText(ORDER_MESSAGES.deletedTitle)).toBeInTheDocument();
    expect(screen.getByText(ORDER_MESSAGES.deletedNote)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    for (const label of ["Child's name", 'Age', 'Story idea', 'Dedication']) {
      expect(screen.queryByText(label, { selector: 'dt' })).not.toBeInTheDocument();
    }
    expect(value('Life lesson')).toHaveTextContent('Kindness & Sharing');
    expect(screen.queryByRole('button', { name: ORDER_MESSAGES.deleteButton })).not.toBeInTheDocument();
  });

  it('says a link that is unknown or replaced is not valid, and leads to Find my order', async () => {
    renderOrderPage([orderPageMock(null)]);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(ORDER_MESSAGES.invalidTitle);
    expect(screen.getByRole('link', { name: ORDER_MESSAGES.findMyOrder })).toHaveAttribute('href', '/order');
    expect(document.querySelector('video')).toBeNull();
  });

  it('renders the same page for an older /video/ link', async () => {
    renderOrderPage([orderPageMock(aCompletedOrder())], `/video/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("Mia's story is ready");
    expect(screen.getByRole('link', { name: ORDER_MESSAGES.downloadVideo })).toBeInTheDocument();
  });

  it('offers to try again when the order cannot be loaded', async () => {
    const user = userEvent.setup();
    renderOrderPage([
      { request: orderPageMock(null).request, error: new Error('Failed to fetch') },
      orderPageMock(anOrderPage()),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.loadFailed);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("We are making Mia's book");
  });

  it('shows customer text with markup as text', async () => {
    renderOrderPage([
      orderPageMock(anOrderPage({ childName: '<img src=x onerror=alert(1)>', dedication: '<script>x</script>' })),
    ]);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      "We are making <img src=x onerror=alert(1)>'s book",
    );
    expect(screen.getByText('<script>x</script>')).toBeInTheDocument();
    expect(document.querySelectorAll('img')).toHaveLength(1);
  });

  it('gets a new private link, explaining that older links stop working, then moves to it', async () => {
    const user = userEvent.setup();
    const NEW = 'tok_new456';
    renderOrderPage([
      orderPageMock(anOrderPage()),
      {
        request: { query: RENEW_ORDER_LINK_MUTATION, variables: { token: TOKEN } },
        result: { data: { renewOrderLink: { __typename: 'RenewOrderLinkPayload', token: NEW, userErrors: [] } } },
      },
      orderPageMock(anOrderPage(), { token: NEW }),
    ]);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText(ORDER_MESSAGES.renewExplain)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ORDER_MESSAGES.renew }));
    expect(await screen.findByText(ORDER_MESSAGES.renewed)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/order/${NEW}`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("We are making Mia's book");
  });

  it('says why a new link could not be made', async () => {
    const user = userEvent.setup();
    renderOrderPage([
      orderPageMock(anOrderPage()),
      {
        request: { query: RENEW_ORDER_LINK_MUTATION, variables: { token: TOKEN } },
        result: {
          data: {
            renewOrderLink: {
              __typename: 'RenewOrderLinkPayload',
              token: null,
              userErrors: [{ __typename: 'UserError', code: 'NOT_FOUND', field: null, message: 'This link is no longer valid.' }],
            },
          },
        },
      },
    ]);
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: ORDER_MESSAGES.renew }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is no longer valid.');
    expect(screen.getByTestId('location')).toHaveTextContent(`/order/${TOKEN}`);
  });
});

describe('OrderPage with its order in the page the server sent', () => {
  /** The data block the server writes into the shell for /order/{token}. */
  function putInPage(orderPage: unknown, token = TOKEN) {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = ROUTE_DATA_ELEMENT_ID;
    block.textContent = JSON.stringify({
      operationName: 'OrderPage',
      variables: { token },
      data: { orderPage, catalogue: CATALOGUE },
    });
    document.body.append(block);
  }

  afterEach(() => {
    document.getElementById(ROUTE_DATA_ELEMENT_ID)?.remove();
    forgetRouteData();
  });

  it('shows the order on its first render, without asking the server', async () => {
    putInPage(anOrderPage());
    // No mocked answer: a request would fail the page with "could not be loaded".
    renderOrderPage([]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("We are making Mia's book");
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(document.getElementById(ROUTE_DATA_ELEMENT_ID)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(ORDER_MESSAGES.loadFailed)).not.toBeInTheDocument();
  });

  it('says at once that a link is not valid when the server found no order for it', () => {
    putInPage(null);
    renderOrderPage([]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(ORDER_MESSAGES.invalidTitle);
  });

  it("asks the server when the page holds another link's order", async () => {
    putInPage(anOrderPage({ childName: 'Noah' }), 'another-token');
    renderOrderPage([orderPageMock(anOrderPage())]);
    expect(screen.getByRole('status')).toHaveTextContent(ORDER_MESSAGES.loading);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("We are making Mia's book");
  });

  it('uses it once: the next visit to the page asks the server again', async () => {
    putInPage(anOrderPage({ childName: 'Noah' }));
    renderOrderPage([]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("We are making Noah's book");
    cleanup();

    renderOrderPage([orderPageMock(anOrderPage())]);
    expect(screen.getByRole('status')).toHaveTextContent(ORDER_MESSAGES.loading);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("We are making Mia's book");
  });
});
