import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { anOrderPage, orderPageMock, TOKEN } from '../../../../test/support/client/storefront/order-page-mocks';
import { renderOrderPage } from '../../../../test/support/client/storefront/render-order-page';
import { addDays, browserTimeZone, formatCalendarDate, todayHere } from '../../ui/calendar-date';
import { CHANGE_GIFT_DELIVERY_DATE_MUTATION } from './order-page-operations';

const day = addDays(todayHere(), 10);
const later = addDays(todayHere(), 20);
const gift = (over: Record<string, unknown> = {}) => ({
  __typename: 'GiftDelivery',
  date: day,
  sendAt: `${day}T13:00:00.000Z`,
  emailedAt: null,
  canChange: true,
  ...over,
});
const paidGift = (over: Record<string, unknown> = {}) =>
  anOrderPage({ status: 'Paid', giftMessage: 'Happy birthday, Mia!', giftDelivery: gift(over) });

const changeMock = (date: string | null, payload: Record<string, unknown>): MockLink.MockedResponse => ({
  request: { query: CHANGE_GIFT_DELIVERY_DATE_MUTATION, variables: { token: TOKEN, date, timeZone: browserTimeZone() ?? null } },
  result: { data: { changeGiftDeliveryDate: { __typename: 'OrderPagePayload', userErrors: [], order: null, ...payload } } },
});

describe("a digital book's delivery day", () => {
  it('says when the book will be e-mailed, and moves it to another day', async () => {
    const moved = paidGift({ date: later, sendAt: `${later}T13:00:00.000Z` });
    renderOrderPage([orderPageMock(paidGift()), changeMock(later, { order: moved })]);
    const section = await screen.findByRole('region', { name: 'Delivery day' });
    expect(section).toHaveTextContent(`We will e-mail the book on ${formatCalendarDate(day)} at`);
    // The day once, then the hour alone.
    expect(section).toHaveTextContent(/ at \d{1,2}:\d{2}\s?[AP]M your time, or as soon as it is ready if that is later\./);
    expect(
      within(screen.getByRole('region', { name: 'What you ordered' })).getByText('Happy birthday, Mia!'),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Change the day' }));
    const field = within(section).getByLabelText('E-mail the book on');
    expect(field).toHaveValue(day);
    fireEvent.input(field, { target: { value: later } });
    await user.click(within(section).getByRole('button', { name: 'Save the day' }));

    expect(await within(section).findByRole('status')).toHaveTextContent(
      `Saved: we will e-mail the book on ${formatCalendarDate(later)}.`,
    );
    expect(section).toHaveTextContent(`We will e-mail the book on ${formatCalendarDate(later)}`);
  });

  it("refuses a day in the past without asking the server, and shows the server's refusal", async () => {
    const refusal = 'Your book has already been e-mailed, so its delivery date can no longer change.';
    renderOrderPage([
      orderPageMock(paidGift()),
      changeMock(null, { userErrors: [{ __typename: 'UserError', field: 'date', message: refusal, code: 'WRONG_STATUS' }] }),
    ]);
    const section = await screen.findByRole('region', { name: 'Delivery day' });
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Change the day' }));
    fireEvent.input(within(section).getByLabelText('E-mail the book on'), { target: { value: addDays(todayHere(), -1) } });
    await user.click(within(section).getByRole('button', { name: 'Save the day' }));
    expect(within(section).getByRole('alert')).toHaveTextContent('Please choose a day from today to 365 days ahead.');

    await user.click(within(section).getByRole('button', { name: 'Send it when ready instead' }));
    expect(await within(section).findByText(refusal)).toBeInTheDocument();
  });

  it('says when it was e-mailed, and offers no change once it has gone; a printed book has no such section', async () => {
    renderOrderPage([orderPageMock(paidGift({ emailedAt: '2026-12-24T13:00:05.000Z', canChange: false }))]);
    const section = await screen.findByRole('region', { name: 'Delivery day' });
    expect(section).toHaveTextContent('We e-mailed the book on');
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });
});
