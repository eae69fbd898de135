import { jest } from '@jest/globals';
import type { MockLink } from '@apollo/client/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

import {
  anOrder,
  meMock,
  orderDetailMock,
  ordersMock,
  type OrderRecord,
  renderAdmin,
  STUDIO_ADMIN,
  videoLimitMock,
} from '../../../../test/support/client/admin/admin-mocks';
import {
  ORDER_PRINT_JOB_QUERY,
  PRINT_PARTNER_QUERY,
  SEND_TO_PRINTER_MUTATION,
  UPLOAD_PRINT_FILES_MUTATION,
} from './print-operations';
import { STUDIO_MESSAGES } from './studio-messages';

type Result = MockLink.MockedResponse['result'];

const aPrintJob = (overrides: Record<string, unknown> = {}) => ({
  __typename: 'PrintJob',
  provider: 'lulu',
  externalId: null,
  status: 'FILES_READY',
  statusLabel: 'Files ready to send',
  pageCount: 32,
  costCents: 1234,
  currency: 'USD',
  error: null,
  hasFiles: true,
  notBefore: null,
  sentAt: null,
  updatedAt: '2025-03-07T10:00:00.000Z',
  ...overrides,
});
type PrintJobRecord = ReturnType<typeof aPrintJob>;

const SENT = {
  externalId: '98765',
  status: 'CREATED',
  statusLabel: 'Received by the printer',
  notBefore: null,
  sentAt: '2025-03-07T11:00:00.000Z',
};

function partnerMock(provider: 'manual' | 'lulu', asked = jest.fn()): MockLink.MockedResponse {
  return {
    request: { query: PRINT_PARTNER_QUERY },
    result: () => {
      asked();
      return {
        data: {
          printPartner: {
            __typename: 'PrintPartnerInfo',
            provider,
            productId: provider === 'lulu' ? '0850X0850FCPRESS080CW444GXX' : null,
            shippingLevel: provider === 'lulu' ? 'MAIL' : null,
          },
        },
      };
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

function printJobMock(order: OrderRecord, job: PrintJobRecord | null, asked = jest.fn()): MockLink.MockedResponse {
  return {
    request: { query: ORDER_PRINT_JOB_QUERY, variables: { id: order.id } },
    result: () => {
      asked();
      return { data: { order: { __typename: 'Order', id: order.id, printJob: job } } };
    },
  };
}

const payload = (field: string, order: OrderRecord, job: PrintJobRecord | null, userErrors: unknown[] = []) => ({
  data: {
    [field]: {
      __typename: 'PrintJobPayload',
      order: job ? { __typename: 'Order', id: order.id, printJob: job } : null,
      userErrors,
    },
  },
});

const refusal = (field: string, message: string) => [{ __typename: 'UserError', code: 'INVALID_INPUT', field, message }];

/** The order's panel, with the print partner and the order's job answered, and what a successful action refetches. */
async function openPanel(order: OrderRecord, mocks: MockLink.MockedResponse[]) {
  const view = renderAdmin('/admin/dashboard', [
    meMock(STUDIO_ADMIN),
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

async function openPrintPanel(order: OrderRecord, job: PrintJobRecord | null, mocks: MockLink.MockedResponse[] = []) {
  const view = await openPanel(order, [partnerMock('lulu'), printJobMock(order, job), ...mocks]);
  const print = within(await view.panel.findByRole('region', { name: 'Print at Lulu' }));
  return { ...view, print };
}

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

const printedOrder = (childName: string) =>
  anOrder({
    childName,
    bookFormat: 'printed',
    status: 'Paid',
    shippingAddress: {
      __typename: 'ShippingAddress',
      fullName: 'Ann Parent',
      streetAddress: '1 Main St',
      addressLine2: null,
      phone: null,
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      country: 'US',
    },
  });

describe('the panel: print at Lulu', () => {
  it('is not shown when the shop prints by hand, nor for a digital book', async () => {
    const printed = printedOrder('Ada');
    const partnerAsked = jest.fn();
    const jobAsked = jest.fn();
    const manual = await openPanel(printed, [partnerMock('manual', partnerAsked), printJobMock(printed, null, jobAsked)]);
    await waitFor(() => expect(partnerAsked).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(manual.panel.getByRole('heading', { name: 'Proofs' })).toBeInTheDocument();
    expect(manual.panel.queryByRole('heading', { name: 'Print at Lulu' })).not.toBeInTheDocument();
    expect(manual.panel.queryByLabelText('Interior PDF')).not.toBeInTheDocument();
    expect(jobAsked).not.toHaveBeenCalled();
  });

  it('is not shown for a digital book, even when the shop prints at Lulu', async () => {
    const digital = anOrder({ childName: 'Ben', bookFormat: 'digital', status: 'Paid' });
    const partnerAsked = jest.fn();
    const jobAsked = jest.fn();
    const { panel } = await openPanel(digital, [partnerMock('lulu', partnerAsked), printJobMock(digital, null, jobAsked)]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(panel.getByRole('heading', { name: 'Proofs' })).toBeInTheDocument();
    expect(panel.queryByRole('heading', { name: 'Print at Lulu' })).not.toBeInTheDocument();
    expect(partnerAsked).not.toHaveBeenCalled();
    expect(jobAsked).not.toHaveBeenCalled();
  });

  it('checks and prices the interior and the cover, then shows the pages and what Lulu charges', async () => {
    const order = printedOrder('Cal');
    const uploaded = jest.fn();
    const { user, print } = await openPrintPanel(order, null, [
      {
        request: {
          query: UPLOAD_PRINT_FILES_MUTATION,
          variables: (variables: Record<string, unknown>) =>
            variables.orderId === order.id &&
            variables.interior instanceof File &&
            variables.interior.name === 'interior.pdf' &&
            variables.cover instanceof File &&
            variables.cover.name === 'cover.pdf',
        },
        result: (() => {
          uploaded();
          return payload('uploadPrintFiles', order, aPrintJob());
        }) as Result,
      },
      orderDetailMock(order),
    ]);
    expect(await print.findByText(STUDIO_MESSAGES.printNothingYet)).toBeInTheDocument();
    const form = within(print.getByRole('form', { name: 'Print files' }));
    expect(form.getByLabelText('Interior PDF')).toHaveAttribute('accept', 'application/pdf');
    expect(form.getByLabelText('Cover PDF')).toHaveAttribute('accept', 'application/pdf');

    await user.click(form.getByRole('button', { name: 'Check and price' }));
    expect(form.getByRole('alert')).toHaveTextContent(STUDIO_MESSAGES.printChooseInterior);
    expect(form.getByLabelText('Interior PDF')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(form.getByLabelText('Interior PDF'), { target: { files: [pdf('interior.pdf')] } });
    await user.click(form.getByRole('button', { name: 'Check and price' }));
    expect(form.getByRole('alert')).toHaveTextContent(STUDIO_MESSAGES.printChooseCover);
    expect(uploaded).not.toHaveBeenCalled();

    fireEvent.change(form.getByLabelText('Cover PDF'), { target: { files: [pdf('cover.pdf')] } });
    await user.click(form.getByRole('button', { name: 'Check and price' }));
    expect(await print.findByText('32 interior pages · Lulu charges $12.34')).toBeInTheDocument();
    expect(uploaded).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(print.getByRole('status')).toHaveTextContent(STUDIO_MESSAGES.printReady));
    expect(print.queryByRole('alert')).not.toBeInTheDocument();
    expect(print.getByRole('button', { name: 'Send to Lulu' })).toBeInTheDocument();
    // Files not yet sent can still be replaced.
    expect(print.getByRole('form', { name: 'Print files' })).toBeInTheDocument();
  });

  it("shows the server's refusal of the files, on the file at fault", async () => {
    const order = printedOrder('Dot');
    const message = 'For 32 interior pages the cover must be 17.4 × 8.75 in (1253 × 630 pt); this one is 8.5 × 8.5 in.';
    const { user, print } = await openPrintPanel(order, null, [
      {
        request: { query: UPLOAD_PRINT_FILES_MUTATION, variables: () => true },
        result: payload('uploadPrintFiles', order, null, refusal('cover', message)),
      },
    ]);
    const form = within(await print.findByRole('form', { name: 'Print files' }));
    fireEvent.change(form.getByLabelText('Interior PDF'), { target: { files: [pdf('interior.pdf')] } });
    fireEvent.change(form.getByLabelText('Cover PDF'), { target: { files: [pdf('cover.pdf')] } });
    await user.click(form.getByRole('button', { name: 'Check and price' }));
    expect(await form.findByRole('alert')).toHaveTextContent(message);
    expect(form.getByLabelText('Cover PDF')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Interior PDF')).not.toHaveAttribute('aria-invalid');
    expect(print.getByText(STUDIO_MESSAGES.printNothingYet)).toBeInTheDocument();
    expect(print.queryByRole('button', { name: 'Send to Lulu' })).not.toBeInTheDocument();
  });

  it('sends to Lulu only after the confirmation with the price, then shows the job at Lulu', async () => {
    const order = printedOrder('Eve');
    const sent = jest.fn();
    const { user, print } = await openPrintPanel(order, aPrintJob({ error: 'Lulu could not be paid.' }), [
      {
        request: { query: SEND_TO_PRINTER_MUTATION, variables: { orderId: order.id } },
        result: (() => {
          sent();
          return payload('sendToPrinter', order, aPrintJob(SENT));
        }) as Result,
      },
      orderDetailMock(order),
    ]);
    expect(await print.findByText('32 interior pages · Lulu charges $12.34')).toBeInTheDocument();
    expect(print.getByText(/Lulu could not be paid\./)).toBeInTheDocument();

    await user.click(print.getByRole('button', { name: 'Send to Lulu' }));
    const confirm = within(print.getByRole('group', { name: /Send the book to Lulu\?/ }));
    expect(confirm.getByText(/\$12\.34/)).toBeInTheDocument();
    expect(confirm.getByRole('button', { name: 'Yes, send to Lulu' })).toHaveFocus();
    await user.click(confirm.getByRole('button', { name: 'Go back' }));
    expect(print.queryByRole('group', { name: /Send the book to Lulu\?/ })).not.toBeInTheDocument();
    expect(print.getByRole('button', { name: 'Send to Lulu' })).toHaveFocus();
    expect(sent).not.toHaveBeenCalled();

    await user.click(print.getByRole('button', { name: 'Send to Lulu' }));
    await user.click(print.getByRole('button', { name: 'Yes, send to Lulu' }));
    expect(await print.findByText('Lulu job 98765: Received by the printer')).toBeInTheDocument();
    expect(sent).toHaveBeenCalledTimes(1);
    expect(print.getByText('32 interior pages · Lulu charges $12.34')).toBeInTheDocument();
    await waitFor(() => expect(print.getByRole('status')).toHaveTextContent(STUDIO_MESSAGES.printSent));
    expect(print.queryByRole('button')).not.toBeInTheDocument();
    expect(print.queryByRole('form')).not.toBeInTheDocument();
    expect(print.queryByLabelText('Interior PDF')).not.toBeInTheDocument();
  });

  it('sends again, without a second confirmation, when the last send did not finish', async () => {
    const order = printedOrder('Fay');
    const { user, print } = await openPrintPanel(
      order,
      aPrintJob({ status: 'SENDING', statusLabel: 'Being sent to the printer' }),
      [
        {
          request: { query: SEND_TO_PRINTER_MUTATION, variables: { orderId: order.id } },
          result: payload('sendToPrinter', order, aPrintJob(SENT)),
        },
        orderDetailMock(order),
      ],
    );
    expect(await print.findByText(STUDIO_MESSAGES.printInterrupted)).toBeInTheDocument();
    expect(print.queryByRole('form', { name: 'Print files' })).not.toBeInTheDocument();
    await user.click(print.getByRole('button', { name: 'Send again' }));
    expect(await print.findByText('Lulu job 98765: Received by the printer')).toBeInTheDocument();
    await waitFor(() => expect(print.getByRole('status')).toHaveTextContent(STUDIO_MESSAGES.printSent));
    expect(print.queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
  });

  it("shows a job Lulu rejected with the printer's message, and the form for corrected files", async () => {
    const order = printedOrder('Gus');
    const { print } = await openPrintPanel(
      order,
      aPrintJob({
        ...SENT,
        status: 'REJECTED',
        statusLabel: 'Rejected by the printer',
        error: 'The interior has blank pages.',
      }),
    );
    expect(await print.findByText('Lulu job 98765: Rejected by the printer')).toBeInTheDocument();
    expect(print.getByText('The interior has blank pages.')).toHaveClass('admin-alert--error');
    const form = within(print.getByRole('form', { name: 'Corrected print files' }));
    expect(form.getByLabelText('Interior PDF')).toBeInTheDocument();
    expect(form.getByLabelText('Cover PDF')).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Check and price' })).toBeInTheDocument();
    expect(print.queryByRole('button', { name: 'Send to Lulu' })).not.toBeInTheDocument();
  });
});
