import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';

import {
  anOrder,
  meMock,
  orderDetailMock,
  ordersMock,
  type OrderRecord,
  renderAdmin,
  videoLimitMock,
} from '../../../../test/support/client/admin/admin-mocks';
import { formatDateTime } from '../order-format';
import { RESEND_DELIVERY_EMAIL_MUTATION } from './resend-operations';

const DASHBOARD = '/admin/dashboard';

async function openDetails(order: OrderRecord, extraMocks: MockLink.MockedResponse[] = []) {
  const view = renderAdmin(DASHBOARD, [
    meMock(),
    ordersMock({ orders: [order] }),
    videoLimitMock(),
    orderDetailMock(order),
    ...extraMocks,
  ]);
  const details = await screen.findByRole('button', { name: /^Details/ });
  await view.user.click(details);
  const dialog = await screen.findByRole('dialog');
  // The full order has arrived once the heading names the child.
  await within(dialog).findByRole('heading', { level: 2, name: `${String(order.childName)}'s order` });
  return { ...view, dialog, details };
}

const printed = () =>
  anOrder({
    childName: 'Leo',
    childAge: 8,
    moral: 'Courage',
    storyIdea: 'Leo sails to the moon',
    dedication: 'For Leo,\nwho is brave every day.\nLove, Grandma',
    bookFormat: 'printed',
    bookStyle: 'adventure',
    amountCents: 5000,
    email: 'leo.parent@example.com',
    shippingAddress: {
      __typename: 'ShippingAddress',
      fullName: 'Ana Parent',
      streetAddress: '1 Maple Ave',
      addressLine2: null,
      phone: null,
      city: 'Portland',
      state: 'OR',
      zipCode: '97201',
      country: 'United States',
    },
  });

describe('OrderDetailPanel', () => {
  it('is a labelled dialog with everything the parent entered, the payment, the history and the e-mails', async () => {
    const order = printed();
    const { dialog } = await openDetails(order);
    const panel = within(dialog);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleName("Leo's order");
    expect(panel.getByRole('heading', { level: 2 })).toHaveFocus();

    const value = (label: string) => panel.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value("Child's name")).toHaveTextContent('Leo');
    expect(value('Age')).toHaveTextContent('8');
    expect(value('Life lesson')).toHaveTextContent('Courage');
    expect(value('Story idea')).toHaveTextContent('Leo sails to the moon');
    // Line breaks as the parent typed them.
    expect(value('Dedication')?.firstElementChild?.textContent).toBe('For Leo,\nwho is brave every day.\nLove, Grandma');
    expect(value('Dedication')?.firstElementChild).toHaveClass('order-detail__story-idea');
    expect(value('Format')).toHaveTextContent('Printed');
    expect(value('Style')).toHaveTextContent('adventure');
    expect(value('Email')).toHaveTextContent('leo.parent@example.com');
    expect(value('Email')?.querySelectorAll('wbr')).toHaveLength(3);
    expect(value('Shipping address')).toHaveTextContent('Ana Parent1 Maple AvePortland, OR, 97201United States');
    expect(value('Amount')).toHaveTextContent('$50.00');
    expect(value('Payment provider')).toHaveTextContent('sandbox');
    expect(value('Payment ID')).toHaveTextContent('sbx_123');
    expect(value('Order ID')).toHaveTextContent(order.id);
    // In the admin's own time zone, however the test machine is set.
    expect(value('Created')).toHaveTextContent(formatDateTime(String(order.createdAt)));
    expect(panel.getByRole('img', { name: 'Photo of Leo' })).toHaveAttribute('src', order.photoUrl);

    const history = panel.getByRole('heading', { name: 'History' }).nextElementSibling as HTMLElement;
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `created— → Pendingby customer · ${formatDateTime('2025-03-05T14:07:00.000Z')}`,
      `paidPending → Paidby sandbox · ${formatDateTime('2025-03-05T14:09:00.000Z')}`,
    ]);

    const emails = panel.getByRole('heading', { name: 'E-mails' }).nextElementSibling as HTMLElement;
    expect(emails).toHaveTextContent('order-confirmation');
    expect(emails).toHaveTextContent('Thank you for your order');
    expect(emails).toHaveTextContent('To parent@example.com');
    expect(emails).toHaveTextContent('0 attempts');
    expect(within(emails).getByText('Show the e-mail text').closest('details')).not.toHaveAttribute('open');
    expect(within(emails).getByText('Thank you for your order.')).toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the Details button', async () => {
    const { user, details } = await openDetails(anOrder());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(details).toHaveFocus();
  });

  it('closes with its close button, and keeps the page behind it inert while open', async () => {
    const { user, dialog } = await openDetails(anOrder());
    expect(screen.getByRole('table').closest('.admin-dashboard')).toHaveAttribute('inert');
    await user.click(within(dialog).getByRole('button', { name: 'Close order details' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('table').closest('.admin-dashboard')).not.toHaveAttribute('inert');
  });

  it('shows customer text with markup as text', async () => {
    const markup = '<img src=x onerror=alert(1)>';
    const { dialog } = await openDetails(
      anOrder({ childName: markup, storyIdea: `<script>alert(2)</script>`, dedication: '<b>bold</b>' }),
    );
    expect(within(dialog).getAllByText(markup).length).toBeGreaterThan(0);
    expect(within(dialog).getByText('<script>alert(2)</script>')).toBeInTheDocument();
    expect(within(dialog).getByText('<b>bold</b>')).toBeInTheDocument();
    expect(dialog.querySelectorAll('img')).toHaveLength(1);
    expect(dialog.querySelector('script')).toBeNull();
  });

  it("says where the parent deleted the child's details", async () => {
    const deleted = anOrder({ childName: null, childAge: null, storyIdea: '', childDataDeletedAt: '2026-01-02T03:04:05.000Z' });
    const view = renderAdmin(DASHBOARD, [
      meMock(),
      ordersMock({ orders: [deleted] }),
      videoLimitMock(),
      orderDetailMock(deleted),
    ]);
    expect(await screen.findByRole('cell', { name: "Deleted at the parent's request" })).toBeInTheDocument();
    await view.user.click(await screen.findByRole('button', { name: /^Details/ }));
    const dialog = await screen.findByRole('dialog');
    // The child's name and age rows, once the full order has arrived.
    expect((await within(dialog).findAllByText("Deleted at the parent's request")).length).toBeGreaterThanOrEqual(2);
  });

  it("shows a gift's message where the studio puts it, a digital gift's day, and how long its e-mail waits", async () => {
    const { dialog } = await openDetails(
      anOrder({
        giftMessage: 'Happy birthday, Mia!',
        giftDeliveryDate: '2026-12-24',
        giftSendAt: '2026-12-24T13:00:00.000Z',
        emails: [
          {
            __typename: 'OutboxEmail',
            id: 'gift-m1',
            template: 'video-delivery',
            toAddress: 'mia.parent@example.com',
            subject: "Mia's story is ready",
            status: 'pending',
            attempts: 0,
            lastError: null,
            createdAt: '2026-12-20T10:00:00.000Z',
            notBefore: '2026-12-24T13:00:00.000Z',
            sentAt: null,
            text: 'A gift for Mia',
          },
        ],
      }),
    );
    const panel = within(dialog);
    const value = (label: string) => panel.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value('Gift message (delivery e-mail)')).toHaveTextContent('Happy birthday, Mia!');
    expect(value('Gift delivery day')).toHaveTextContent(
      `Thursday, December 24, 2026: the e-mail waits until ${formatDateTime('2026-12-24T13:00:00.000Z')}`,
    );
    expect(panel.getByText(/waits until/, { selector: '.order-email__meta' })).toBeInTheDocument();
  });

  it('shows no gift rows for an order that is not a gift', async () => {
    const { dialog } = await openDetails(printed());
    expect(within(dialog).queryByText(/^Gift/, { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('shows the dedication', async () => {
    const { dialog } = await openDetails(anOrder({ dedication: 'For Mia,\nwith love' }));
    expect(within(dialog).getByText(/For Mia,\s+with love/)).toBeInTheDocument();
  });

  it('offers the upload for a Paid order', async () => {
    const { dialog } = await openDetails(anOrder({ status: 'Paid' }));
    expect(within(dialog).getByRole('button', { name: /^Upload Video/ })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(within(dialog).queryByRole('button', { name: 'Resend delivery e-mail' })).not.toBeInTheDocument();
  });

  describe('a Completed order', () => {
    const completed = () =>
      anOrder({
        status: 'Completed',
        email: 'mia.parent@example.com',
        videoUrl: 'https://shop.test/media/videos/v.mp4?sig=4',
        completedAt: '2025-03-06T09:00:00.000Z',
      });

    const resendMock = (order: OrderRecord, userErrors: string[] = []): MockLink.MockedResponse => ({
      request: { query: RESEND_DELIVERY_EMAIL_MUTATION, variables: { orderId: order.id } },
      result: {
        data: {
          resendDeliveryEmail: {
            __typename: 'ResendDeliveryEmailPayload',
            order: userErrors.length ? null : order,
            userErrors: userErrors.map((message) => ({ __typename: 'UserError', field: null, message })),
          },
        },
      },
      delay: 10,
    });

    it('links to the video and resends the delivery e-mail, showing the new e-mail', async () => {
      const order = completed();
      const resent = {
        ...order,
        emails: [
          ...(order.emails as object[]),
          {
            __typename: 'OutboxEmail',
            id: `${order.id}-m2`,
            template: 'video-delivery',
            toAddress: 'mia.parent@example.com',
            subject: "Mia's story is ready",
            status: 'pending',
            attempts: 0,
            lastError: null,
            createdAt: '2025-03-07T10:00:00.000Z',
            notBefore: null,
            sentAt: null,
            text: 'Watch it here: https://shop.test/video/abc123',
          },
        ],
      };
      const { user, dialog } = await openDetails(order, [resendMock(resent)]);
      const panel = within(dialog);
      expect(panel.getByRole('link', { name: /^View Video/ })).toHaveAttribute('href', order.videoUrl);
      expect(panel.queryByRole('button', { name: /^Upload Video/ })).not.toBeInTheDocument();

      await user.click(panel.getByRole('button', { name: 'Resend delivery e-mail' }));
      expect(await panel.findByRole('status')).toHaveTextContent(
        "The delivery e-mail has been queued again for mia.parent@example.com, with the order's link.",
      );
      expect(panel.getByText('video-delivery')).toBeInTheDocument();
      expect(panel.getByText('Watch it here: https://shop.test/video/abc123')).toBeInTheDocument();
    });

    it("shows the server's reason when it will not resend", async () => {
      const order = completed();
      const { user, dialog } = await openDetails(order, [resendMock(order, ['Order not found.'])]);
      await user.click(within(dialog).getByRole('button', { name: 'Resend delivery e-mail' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Order not found.');
    });

    it('keeps the video and its e-mail at hand once a printed book has shipped', async () => {
      const order = {
        ...completed(),
        status: 'Shipped',
        bookFormat: 'printed',
        shippedAt: '2025-03-08T09:00:00.000Z',
      } as OrderRecord;
      const { dialog } = await openDetails(order);
      const panel = within(dialog);
      expect(panel.getByRole('link', { name: /^View Video/ })).toHaveAttribute('href', order.videoUrl);
      expect(panel.getByRole('button', { name: 'Resend delivery e-mail' })).toBeInTheDocument();
    });
  });
});
