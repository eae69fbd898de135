import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';

import {
  ADMIN,
  anOrder,
  meMock,
  orderDetailMock,
  ordersMock,
  type OrderRecord,
  renderAdmin,
  STUDIO_ADMIN,
  videoLimitMock,
} from '../../../../test/support/client/admin/admin-mocks';
import { ADD_ORDER_NOTE_MUTATION, ASSIGN_ORDER_MUTATION } from './studio-operations';

async function openPanel(order: OrderRecord, mocks: MockLink.MockedResponse[], me = STUDIO_ADMIN) {
  const view = renderAdmin('/admin/dashboard', [
    meMock(me),
    ordersMock({ orders: [order] }),
    ordersMock({ orders: [order] }),
    videoLimitMock(),
    orderDetailMock(order),
    ...mocks,
  ]);
  await view.user.click(await screen.findByRole('button', { name: /^Details/ }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('heading', { level: 3, name: 'Studio' });
  return { ...view, panel: within(dialog) };
}

const userErrors = (code: string, field: string, message: string) => [{ __typename: 'UserError', code, field, message }];

describe('the panel: studio', () => {
  it('assigns the order to me in one tap, and shows who has it', async () => {
    const order = anOrder({ childName: 'Tom' });
    const mine = { ...order, assignee: { __typename: 'AdminUser', id: STUDIO_ADMIN.id, email: STUDIO_ADMIN.email } };
    const { user, panel } = await openPanel(order, [
      {
        request: { query: ASSIGN_ORDER_MUTATION, variables: { orderId: order.id, adminId: STUDIO_ADMIN.id } },
        result: { data: { assignOrder: { __typename: 'AssignOrderPayload', orderId: order.id, userErrors: [] } } },
      },
      orderDetailMock(mine),
    ]);
    const select = panel.getByLabelText('Assigned to');
    expect(select).toHaveValue('');
    expect(await within(select).findByRole('option', { name: `${STUDIO_ADMIN.email} (you)` })).toBeInTheDocument();
    expect(within(select).getByRole('option', { name: ADMIN.email })).toBeInTheDocument();

    await user.click(panel.getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(panel.getByLabelText('Assigned to')).toHaveValue(STUDIO_ADMIN.id));
    expect(panel.queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();
  });

  it("gives the order to a colleague from the list, and shows the server's refusal", async () => {
    const order = anOrder({ childName: 'Uma' });
    const { user, panel } = await openPanel(order, [
      {
        request: { query: ASSIGN_ORDER_MUTATION, variables: { orderId: order.id, adminId: ADMIN.id } },
        result: {
          data: {
            assignOrder: {
              __typename: 'AssignOrderPayload',
              orderId: null,
              userErrors: userErrors('NOT_FOUND', 'adminId', 'No active admin with this id exists.'),
            },
          },
        },
      },
    ]);
    await within(panel.getByLabelText('Assigned to')).findByRole('option', { name: ADMIN.email });
    await user.selectOptions(panel.getByLabelText('Assigned to'), ADMIN.id);
    expect(await panel.findByRole('alert')).toHaveTextContent('No active admin with this id exists.');
  });

  it('adds a note for the staff: an empty one is refused here, a saved one is listed with its author', async () => {
    const order = anOrder({ childName: 'Vic' });
    const noted = {
      ...order,
      notes: [
        {
          __typename: 'OrderNote',
          id: 'note-1',
          text: 'Check the spelling.\nPage 3.',
          authorEmail: STUDIO_ADMIN.email,
          createdAt: '2025-03-06T10:00:00.000Z',
        },
      ],
    };
    const { user, panel } = await openPanel(order, [
      {
        request: { query: ADD_ORDER_NOTE_MUTATION, variables: { orderId: order.id, text: 'Check the spelling.\nPage 3.' } },
        result: {
          data: {
            addOrderNote: { __typename: 'AddOrderNotePayload', note: { __typename: 'OrderNote', id: 'note-1' }, userErrors: [] },
          },
        },
      },
      orderDetailMock(noted),
    ]);
    expect(panel.getByText(/No notes yet/)).toBeInTheDocument();
    const form = within(panel.getByRole('form', { name: 'Add a note' }));
    await user.click(form.getByRole('button', { name: 'Add note' }));
    expect(form.getByRole('alert')).toHaveTextContent('Please write the note.');

    await user.type(form.getByLabelText('Note for the staff'), 'Check the spelling.{Enter}Page 3.');
    await user.click(form.getByRole('button', { name: 'Add note' }));
    const notes = await panel.findByRole('list', { name: 'Notes' });
    expect(within(notes).getByText(/Check the spelling\.\s+Page 3\./)).toBeInTheDocument();
    expect(within(notes).getByText(new RegExp(STUDIO_ADMIN.email))).toBeInTheDocument();
    expect(form.getByLabelText('Note for the staff')).toHaveValue('');
    expect(form.queryByRole('alert')).not.toBeInTheDocument();
  });
});
