import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

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
import { UPLOAD_MESSAGES } from '../upload/upload-messages';
import { STUDIO_MESSAGES } from './studio-messages';
import {
  ADD_ORDER_NOTE_MUTATION,
  APPROVE_PROOF_FOR_PARENT_MUTATION,
  ASSIGN_ORDER_MUTATION,
  SEND_PROOF_MUTATION,
} from './studio-operations';

async function openPanel(
  order: OrderRecord,
  mocks: MockLink.MockedResponse[],
  me: typeof ADMIN | typeof STUDIO_ADMIN = STUDIO_ADMIN,
) {
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

const aProof = (overrides: Record<string, unknown> = {}) => ({
  __typename: 'OrderProof',
  id: 'proof-1',
  version: 1,
  status: 'CHANGES_ASKED',
  notBefore: null,
  sentAt: '2025-03-06T09:00:00.000Z',
  sentBy: `admin:${STUDIO_ADMIN.email}`,
  answeredAt: '2025-03-06T12:00:00.000Z',
  answeredBy: 'customer',
  message: 'Her hair is curlier',
  remindedAt: null,
  url: '/media/proofs/p1.pdf?sig=1',
  ...overrides,
});
const pdfFile = () => new File(['%PDF-1.4'], 'proof.pdf', { type: 'application/pdf' });

describe('the panel: proofs', () => {
  it("lists each proof with the parent's answer, and sends the next one, checking the file first", async () => {
    const order = anOrder({ childName: 'Wes', status: 'Paid', proofs: [aProof()] });
    const sent = {
      ...order,
      proofs: [
        aProof({ id: 'proof-2', version: 2, status: 'AWAITING_ANSWER', answeredAt: null, answeredBy: null, message: null }),
        aProof(),
      ],
    };
    const { user, panel } = await openPanel(order, [
      {
        request: {
          query: SEND_PROOF_MUTATION,
          variables: (variables) => variables.orderId === order.id && variables.proof instanceof File,
        },
        result: {
          data: { sendProof: { __typename: 'ProofPayload', proof: { __typename: 'OrderProof', id: 'proof-2' }, userErrors: [] } },
        },
      },
      orderDetailMock(sent),
    ]);
    const proofs = panel.getByRole('list', { name: 'Proofs' });
    expect(within(proofs).getByText('Her hair is curlier')).toBeInTheDocument();
    expect(proofs).toHaveTextContent('Proof 1 · Changes asked');
    expect(within(proofs).getByText(/Answered by the parent/)).toBeInTheDocument();
    expect(panel.queryByRole('form', { name: 'Approve for the parent' })).not.toBeInTheDocument();

    const form = within(panel.getByRole('form', { name: 'Send a proof' }));
    await user.click(form.getByRole('button', { name: 'Send proof to the parent' }));
    expect(form.getByRole('alert')).toHaveTextContent(STUDIO_MESSAGES.proofChoose);
    const input = form.getByLabelText('Proof 2 (PDF)');
    // A drop or "All files" in the picker passes what `accept` would not.
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    await user.click(form.getByRole('button', { name: 'Send proof to the parent' }));
    expect(form.getByRole('alert')).toHaveTextContent(UPLOAD_MESSAGES.pdfWrongType);

    fireEvent.change(input, { target: { files: [pdfFile()] } });
    await user.click(form.getByRole('button', { name: 'Send proof to the parent' }));
    expect(await panel.findByText(STUDIO_MESSAGES.proofSent)).toBeInTheDocument();
    await waitFor(() =>
      expect(panel.getByRole('list', { name: 'Proofs' })).toHaveTextContent('Proof 2 · Waiting for the parent'),
    );
  });

  it('lets an owner approve for the parent with a note saying how, and offers nothing to send once the book is made', async () => {
    const order = anOrder({
      childName: 'Xia',
      status: 'Paid',
      proofs: [aProof({ status: 'AWAITING_ANSWER', answeredAt: null, answeredBy: null, message: null })],
    });
    const approved = {
      ...order,
      proofs: [aProof({ status: 'APPROVED', answeredBy: `admin:${ADMIN.email}`, message: 'Yes by phone' })],
    };
    const { user, panel } = await openPanel(
      order,
      [
        {
          request: {
            query: APPROVE_PROOF_FOR_PARENT_MUTATION,
            variables: { orderId: order.id, version: 1, note: 'Yes by phone' },
          },
          result: {
            data: {
              approveProofForParent: {
                __typename: 'ProofPayload',
                proof: { __typename: 'OrderProof', id: 'proof-1' },
                userErrors: [],
              },
            },
          },
        },
        orderDetailMock(approved),
      ],
      ADMIN,
    );
    const form = within(panel.getByRole('form', { name: 'Approve for the parent' }));
    await user.click(form.getByRole('button', { name: 'Approve for the parent' }));
    expect(form.getByRole('alert')).toHaveTextContent(STUDIO_MESSAGES.approveNoteEmpty);
    await user.type(form.getByLabelText(/How the parent approved proof 1/), 'Yes by phone');
    await user.click(form.getByRole('button', { name: 'Approve for the parent' }));
    await waitFor(() => expect(panel.getByRole('list', { name: 'Proofs' })).toHaveTextContent('Proof 1 · Approved'));
    expect(panel.getByRole('list', { name: 'Proofs' })).toHaveTextContent(`Approved by ${ADMIN.email}`);
    expect(panel.queryByRole('form', { name: 'Approve for the parent' })).not.toBeInTheDocument();
  });
});
