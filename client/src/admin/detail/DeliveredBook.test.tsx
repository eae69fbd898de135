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
import { ANSWER_CHANGE_MUTATION, DECLINE_CHANGE_MUTATION } from '../studio/studio-operations';
import { REVISE_DELIVERY_MUTATION } from '../upload/upload-operations';

const DASHBOARD = '/admin/dashboard';
const rowOf = (childName: string) => screen.getByRole('row', { name: new RegExp(childName) });

const delivered = (overrides: Partial<OrderRecord> = {}) =>
  anOrder({
    childName: 'Mia',
    email: 'mia.parent@example.com',
    status: 'Completed',
    videoUrl: 'https://shop.test/media/videos/v1.mp4?sig=1',
    pdfUrl: 'https://shop.test/media/books/b1.pdf?sig=1',
    completedAt: '2025-03-06T09:00:00.000Z',
    changeRequest: {
      __typename: 'ChangeRequest',
      message: 'Could the cape be blue, please?\nShe loves blue.',
      requestedAt: '2025-03-07T10:00:00.000Z',
    },
    ...overrides,
  });

async function openDetails(order: OrderRecord, extraMocks: MockLink.MockedResponse[] = []) {
  const view = renderAdmin(DASHBOARD, [
    meMock(),
    ordersMock({ orders: [order] }),
    videoLimitMock(),
    orderDetailMock(order),
    ...extraMocks,
  ]);
  await view.user.click(await screen.findByRole('button', { name: /^Details/ }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('heading', { level: 2, name: `${String(order.childName)}'s order` });
  return { ...view, dialog };
}

describe('a change request', () => {
  it('is answered with a reply from the panel, which then shows no open request', async () => {
    const order = delivered();
    const answered = { ...order, changeRequest: null };
    const { user, dialog } = await openDetails(order, [
      {
        request: { query: ANSWER_CHANGE_MUTATION, variables: { orderId: order.id, reply: 'The cape is blue now.' } },
        result: {
          data: {
            answerChangeRequest: {
              __typename: 'ChangeAnswerPayload',
              order: { __typename: 'Order', id: order.id, changeRequest: null },
              userErrors: [],
            },
          },
        },
      },
      orderDetailMock(answered),
      ordersMock({ orders: [answered] }),
    ]);
    const form = within(within(dialog).getByRole('form', { name: 'Answer the parent' }));
    await user.click(form.getByRole('button', { name: 'Send reply' }));
    expect(form.getByRole('alert')).toHaveTextContent('Please write what to tell the parent.');
    await user.type(form.getByLabelText(/Answer without a new version/), 'The cape is blue now.');
    await user.click(form.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(within(dialog).queryByRole('group', { name: "The parent's change request" })).not.toBeInTheDocument(),
    );
  });

  it("declines with a reason, showing the server's refusal", async () => {
    const order = delivered();
    const { user, dialog } = await openDetails(order, [
      {
        request: { query: DECLINE_CHANGE_MUTATION, variables: { orderId: order.id, reason: 'Not possible' } },
        result: {
          data: {
            declineChangeRequest: {
              __typename: 'ChangeAnswerPayload',
              order: null,
              userErrors: [
                {
                  __typename: 'UserError',
                  code: 'WRONG_STATUS',
                  field: 'status',
                  message: 'This order has no open change request to answer.',
                },
              ],
            },
          },
        },
      },
    ]);
    const form = within(within(dialog).getByRole('form', { name: 'Answer the parent' }));
    await user.type(form.getByLabelText(/Answer without a new version/), 'Not possible');
    await user.click(form.getByRole('button', { name: 'Decline with this reason' }));
    expect(await form.findByRole('alert')).toHaveTextContent('This order has no open change request to answer.');
  });

  it('is marked on the dashboard row', async () => {
    const asked = delivered();
    const quiet = delivered({ childName: 'Leo', changeRequest: null });
    renderAdmin(DASHBOARD, [meMock(), ordersMock({ orders: [asked, quiet] }), videoLimitMock()]);
    await screen.findByRole('table');
    expect(within(rowOf('Mia')).getByText('Change requested')).toBeInTheDocument();
    expect(within(rowOf('Leo')).queryByText('Change requested')).not.toBeInTheDocument();
  });

  it("shows the parent's words in the panel, next to the action that answers them", async () => {
    const { dialog } = await openDetails(delivered());
    const request = within(dialog).getByRole('group', { name: "The parent's change request" });
    expect(request).toHaveTextContent('Could the cape be blue, please? She loves blue.');
    expect(within(dialog).getByRole('button', { name: /^Upload revision/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /^View PDF/ })).toHaveAttribute(
      'href',
      'https://shop.test/media/books/b1.pdf?sig=1',
    );
  });
});

describe('uploading a revision', () => {
  it('sends only the new PDF after the same confirmation, and says the parent was e-mailed', async () => {
    const order = delivered();
    const sent: Array<Record<string, unknown>> = [];
    const revised = { ...order, changeRequest: null, pdfUrl: 'https://shop.test/media/books/b2.pdf?sig=2' };
    const reviseMock: MockLink.MockedResponse = {
      request: {
        query: REVISE_DELIVERY_MUTATION,
        variables: (variables) => {
          sent.push(variables);
          return true;
        },
      },
      result: {
        data: { reviseDelivery: { __typename: 'ReviseDeliveryPayload', order: revised, userErrors: [] } },
      },
    };
    const { user, dialog: panel } = await openDetails(order, [
      reviseMock,
      { ...ordersMock({ orders: [revised] }), maxUsageCount: Number.POSITIVE_INFINITY },
    ]);
    await user.click(within(panel).getByRole('button', { name: /^Upload revision/ }));
    const dialog = screen.getByRole('dialog', { name: "Upload revision for Mia's book" });

    // Nothing chosen: nothing to send.
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please choose a new video or PDF for the revision.');

    const pdf = new File([new Uint8Array(700)], 'mia-v2.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText(/^Storybook PDF/), pdf);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog).toHaveTextContent('mia-v2.pdf');
    expect(dialog).toHaveTextContent('mia.parent@example.com');
    expect(sent).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Upload revision' }));
    expect(await within(panel).findByText('Revision uploaded and email sent to mia.parent@example.com')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ orderId: order.id, video: null, uploadedVideo: null, storybookPdf: expect.any(File) });
  });

  it('closes on Escape without closing the order panel', async () => {
    const { user, dialog: panel } = await openDetails(delivered());
    await user.click(within(panel).getByRole('button', { name: /^Upload revision/ }));
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    await user.keyboard('{Escape}');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: "Mia's order" })).toBeInTheDocument();
  });
});
