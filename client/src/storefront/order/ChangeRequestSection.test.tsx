import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { aCompletedOrder, orderPageMock, TOKEN } from '../../../../test/support/client/storefront/order-page-mocks';
import { renderOrderPage } from '../../../../test/support/client/storefront/render-order-page';
import { formatWhen, ORDER_MESSAGES } from './order-page-messages';
import { REQUEST_ORDER_CHANGE_MUTATION } from './order-page-operations';

const changeMock = (message: string, payload: Record<string, unknown>): MockLink.MockedResponse => ({
  request: { query: REQUEST_ORDER_CHANGE_MUTATION, variables: { token: TOKEN, message } },
  result: { data: { requestOrderChange: { __typename: 'OrderPagePayload', userErrors: [], order: null, ...payload } } },
});

async function openForm() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: ORDER_MESSAGES.requestChange }));
  return { user, field: screen.getByRole('textbox', { name: 'What would you like changed?' }) };
}

describe('Request a change', () => {
  it('says a printed book made but not shipped yet counts its days from arrival', async () => {
    renderOrderPage([orderPageMock(aCompletedOrder({ bookFormat: 'printed', changeRequestDeadline: null }))]);
    const section = await screen.findByRole('region', { name: 'Changes to your book' });
    expect(section).toHaveTextContent(
      'Every book includes one free round of changes. You can ask until 7 days after your printed book arrives.',
    );
  });

  it('says there is one free round and until when, then records the request in the timeline', async () => {
    const message = 'Please make the puppy brown.';
    const after = aCompletedOrder({
      canRequestChange: false,
      changeRequests: [{ __typename: 'ChangeRequest', message, requestedAt: '2025-03-07T08:00:00.000Z' }],
      timeline: [
        ...(aCompletedOrder().timeline as unknown[]),
        { __typename: 'OrderTimelineEntry', at: '2025-03-07T08:00:00.000Z', title: 'Change requested', detail: null },
      ],
    });
    renderOrderPage([orderPageMock(aCompletedOrder()), changeMock(message, { order: after })]);

    const section = await screen.findByRole('region', { name: 'Changes to your book' });
    expect(section).toHaveTextContent(
      `Every book includes one free round of changes. You can ask until ${formatWhen('2025-03-13T10:00:00.000Z')}.`,
    );
    const { user, field } = await openForm();
    expect(field).toHaveFocus();
    await user.type(field, message);
    await user.click(screen.getByRole('button', { name: ORDER_MESSAGES.sendChange }));

    expect(await screen.findByText(ORDER_MESSAGES.changeSent)).toBeInTheDocument();
    expect(within(section).getByText(message)).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Where your order stands' })).getByText('Change requested'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ORDER_MESSAGES.requestChange })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('counts the characters and refuses more than the limit without sending', async () => {
    renderOrderPage([orderPageMock(aCompletedOrder())]);
    const { user, field } = await openForm();
    expect(screen.getByText('0 / 1,000 characters')).toBeInTheDocument();
    await user.type(field, 'Brown puppy');
    expect(screen.getByText('11 / 1,000 characters')).toBeInTheDocument();

    fireEvent.input(field, { target: { value: 'x'.repeat(1001) } });
    const counter = screen.getByText('1,001 / 1,000 characters');
    expect(counter).toHaveClass('order-page__counter--over');
    await user.click(screen.getByRole('button', { name: ORDER_MESSAGES.sendChange }));
    // No mock for a send: a request would fail the test with a network error message instead.
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.changeTooLong(1000));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();

    fireEvent.input(field, { target: { value: '   ' } });
    await user.click(screen.getByRole('button', { name: ORDER_MESSAGES.sendChange }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.changeEmpty);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const refusal = 'The 7 days for asking for a change have passed.';
    renderOrderPage([
      orderPageMock(aCompletedOrder()),
      changeMock('Brown puppy', {
        userErrors: [{ __typename: 'UserError', code: 'WRONG_STATUS', field: null, message: refusal }],
      }),
    ]);
    const { user, field } = await openForm();
    await user.type(field, 'Brown puppy');
    await user.click(screen.getByRole('button', { name: ORDER_MESSAGES.sendChange }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(field).toHaveValue('Brown puppy');
    expect(screen.queryByText(ORDER_MESSAGES.changeSent)).not.toBeInTheDocument();
  });

  it('says the free round was used once a request was made', async () => {
    renderOrderPage([
      orderPageMock(
        aCompletedOrder({
          canRequestChange: false,
          changeRequests: [{ __typename: 'ChangeRequest', message: 'Brown puppy', requestedAt: '2025-03-07T08:00:00.000Z' }],
        }),
      ),
    ]);
    const section = await screen.findByRole('region', { name: 'Changes to your book' });
    expect(section).toHaveTextContent('You have used the free round of changes.');
    expect(within(section).getByText('Brown puppy')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ORDER_MESSAGES.requestChange })).not.toBeInTheDocument();
  });
});
