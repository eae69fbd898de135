import type { MockLink } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { aCompletedOrder, anOrderPage, orderPageMock, TOKEN } from '../../../../test/support/client/storefront/order-page-mocks';
import { renderOrderPage } from '../../../../test/support/client/storefront/render-order-page';
import { ORDER_MESSAGES } from './order-page-messages';
import { DELETE_CHILD_DATA_MUTATION } from './order-page-operations';

const deleted = aCompletedOrder({
  childDataDeleted: true,
  childName: null,
  childAge: null,
  storyIdea: null,
  dedication: null,
  photoUrl: null,
  delivery: null,
  canRequestChange: false,
});

const deleteMock = (payload: Record<string, unknown>): MockLink.MockedResponse => ({
  request: { query: DELETE_CHILD_DATA_MUTATION, variables: { token: TOKEN } },
  result: { data: { deleteChildData: { __typename: 'OrderPagePayload', order: null, userErrors: [], ...payload } } },
});

describe("Delete my child's photo and details", () => {
  it('asks first, saying exactly what is deleted and what is kept, and Keep everything changes nothing', async () => {
    const user = userEvent.setup();
    renderOrderPage([orderPageMock(aCompletedOrder())]);
    const opener = await screen.findByRole('button', { name: ORDER_MESSAGES.deleteButton });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: ORDER_MESSAGES.deleteTitle });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('heading', { level: 2 })).toHaveFocus();
    expect(dialog).toHaveTextContent(
      "Deleted at once: your child's photo, the delivered files (the video and the PDF), your child's name and age, the story idea, the dedication, the gift message and the shipping address.",
    );
    expect(dialog).toHaveTextContent(
      'Kept for accounting: the order reference, the amount, the dates, the payment reference and your e-mail address, for receipts.',
    );
    expect(dialog).toHaveTextContent('This cannot be undone.');

    await user.click(within(dialog).getByRole('button', { name: ORDER_MESSAGES.deleteCancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(screen.getByRole('img', { name: 'Photo of Mia' })).toBeInTheDocument();

    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("deletes, then shows the order without the child's details and says they were deleted", async () => {
    const user = userEvent.setup();
    renderOrderPage([orderPageMock(aCompletedOrder()), deleteMock({ order: deleted })]);
    await user.click(await screen.findByRole('button', { name: ORDER_MESSAGES.deleteButton }));
    await user.click(screen.getByRole('button', { name: ORDER_MESSAGES.deleteConfirm }));

    expect(await screen.findByText(ORDER_MESSAGES.deletedTitle)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByText('Mia finds a lost puppy')).not.toBeInTheDocument();
    expect(screen.queryByText("Child's name", { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: ORDER_MESSAGES.downloadVideo })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ORDER_MESSAGES.deleteButton })).not.toBeInTheDocument();
    expect(screen.getByText('Order 3f2a9c10')).toBeInTheDocument();
  });

  it('warns that a book not made yet cannot be made without the photo', async () => {
    const user = userEvent.setup();
    renderOrderPage([orderPageMock(anOrderPage({ status: 'Paid' }))]);
    await user.click(await screen.findByRole('button', { name: ORDER_MESSAGES.deleteButton }));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'We have not made your book yet, and cannot make it without the photo and details.',
    );
  });

  it("shows the server's refusal in the dialog and keeps the details", async () => {
    const user = userEvent.setup();
    renderOrderPage([
      orderPageMock(aCompletedOrder()),
      deleteMock({
        userErrors: [{ __typename: 'UserError', code: 'NOT_FOUND', field: null, message: 'This link is no longer valid.' }],
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: ORDER_MESSAGES.deleteButton }));
    await user.click(screen.getByRole('button', { name: ORDER_MESSAGES.deleteConfirm }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('This link is no longer valid.');
    expect(screen.getByRole('img', { name: 'Photo of Mia' })).toBeInTheDocument();
  });
});
