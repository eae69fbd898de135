import { fireEvent, screen, within } from '@testing-library/react';

import { anOrderPage, orderPageMock, TOKEN } from '../../../../test/support/client/storefront/order-page-mocks';
import { renderOrderPage } from '../../../../test/support/client/storefront/render-order-page';
import { ORDER_MESSAGES } from './order-page-messages';
import { APPROVE_PROOF_MUTATION, REQUEST_PROOF_CHANGES_MUTATION } from './order-page-operations';

// pdf.js draws to a canvas jsdom does not have: the viewer is checked in the browser (test/e2e/proofs.spec.ts).
jest.mock('pdfjs-dist', () => ({}));
jest.mock('./ProofViewer', () => ({
  __esModule: true,
  default: ({
    url,
    title,
    firstPage,
    pageSize,
  }: {
    url: string;
    title: string;
    firstPage: { url: string } | null;
    pageSize: { width: number; height: number } | null;
  }) => (
    <p data-testid="viewer">
      {`${title} from ${url}${firstPage ? `, opening on ${firstPage.url}` : ''}`}
      {pageSize && `, in the shape of ${pageSize.width} x ${pageSize.height}`}
    </p>
  ),
}));

const PROOF = {
  __typename: 'ProofReview',
  version: 2,
  status: 'AWAITING_ANSWER',
  sentAt: '2025-03-06T09:00:00.000Z',
  answeredAt: null,
  changesAsked: null,
  approvedOnBehalf: false,
  bytes: 1234,
  url: '/media/proofs/p.pdf?sig=1',
  firstPage: { __typename: 'ProofPageImage', url: '/media/proofs/p-page-1.jpg?sig=1', width: 640, height: 828 },
  firstPageSize: { __typename: 'PageSize', width: 612, height: 792 },
};
const waiting = (overrides: Record<string, unknown> = {}) =>
  anOrderPage({ status: 'Paid', bookFormat: 'printed', proof: PROOF, canAnswerProof: true, ...overrides });

const payload = (name: string, order: unknown, userErrors: unknown[] = []) => ({
  data: { [name]: { __typename: 'OrderPagePayload', order, userErrors } },
});

describe('reviewing a proof', () => {
  it('shows the proof a page at a time, and approves it only after a confirm step that says it goes to print', async () => {
    const approved = waiting({
      canAnswerProof: false,
      proof: { ...PROOF, status: 'APPROVED', answeredAt: '2025-03-06T10:00:00.000Z' },
    });
    const user = renderOrderPage([
      orderPageMock(waiting()),
      {
        request: { query: APPROVE_PROOF_MUTATION, variables: { token: TOKEN, version: 2 } },
        result: payload('approveProof', approved),
      },
    ]);
    const section = await screen.findByRole('region', { name: ORDER_MESSAGES.proofHeading });
    // The first page as the shop drew it comes first; the viewer is fetched once it is in.
    const firstPage = within(section).getByRole('img', { name: "Proof 2 of Mia's book, page 1" });
    expect(firstPage).toHaveAttribute('src', PROOF.firstPage.url);
    expect(within(section).queryByTestId('viewer')).not.toBeInTheDocument();
    fireEvent.load(firstPage);
    expect(await within(section).findByTestId('viewer')).toHaveTextContent(
      `Proof 2 of Mia's book from ${PROOF.url}, opening on ${PROOF.firstPage.url}, in the shape of 612 x 792`,
    );
    expect(within(section).getByRole('link', { name: /Open the proof/ })).toHaveAttribute('href', PROOF.url);

    await user.click(within(section).getByRole('button', { name: ORDER_MESSAGES.approveProof }));
    const confirm = within(section).getByRole('group', { name: ORDER_MESSAGES.approveConfirmTitle });
    expect(within(confirm).getByRole('button', { name: ORDER_MESSAGES.approveConfirm })).toHaveFocus();
    expect(confirm).toHaveTextContent(ORDER_MESSAGES.approveConfirmPrinted);
    await user.click(within(confirm).getByRole('button', { name: ORDER_MESSAGES.approveConfirm }));

    expect(await screen.findByText(ORDER_MESSAGES.proofApproved)).toHaveFocus();
    const answered = screen.getByRole('region', { name: ORDER_MESSAGES.proofHeadingAnswered });
    expect(within(answered).queryByRole('button', { name: ORDER_MESSAGES.approveProof })).not.toBeInTheDocument();
  });

  it("asks for changes, checking the words first, and shows the server's refusal as it says it", async () => {
    const user = renderOrderPage([
      orderPageMock(waiting()),
      {
        request: { query: REQUEST_PROOF_CHANGES_MUTATION, variables: { token: TOKEN, version: 2, message: 'Curlier hair' } },
        result: payload('requestProofChanges', null, [
          {
            __typename: 'UserError',
            code: 'WRONG_STATUS',
            field: 'proof',
            message: 'There is no proof waiting for your answer.',
          },
        ]),
      },
    ]);
    const section = await screen.findByRole('region', { name: ORDER_MESSAGES.proofHeading });
    await user.click(within(section).getByRole('button', { name: ORDER_MESSAGES.askProofChanges }));
    const field = within(section).getByRole('textbox', { name: ORDER_MESSAGES.proofChangesLabel });
    await user.click(within(section).getByRole('button', { name: ORDER_MESSAGES.sendProofChanges }));
    expect(within(section).getByRole('alert')).toHaveTextContent(ORDER_MESSAGES.changeEmpty);

    await user.type(field, 'Curlier hair');
    await user.click(within(section).getByRole('button', { name: ORDER_MESSAGES.sendProofChanges }));
    expect(await within(section).findByText('There is no proof waiting for your answer.')).toBeInTheDocument();
    expect(field).toHaveValue('Curlier hair');
  });

  it('keeps what the parent asked in view while the next proof is made, with nothing to answer', async () => {
    renderOrderPage([
      orderPageMock(
        waiting({
          canAnswerProof: false,
          proof: { ...PROOF, status: 'CHANGES_ASKED', answeredAt: '2025-03-06T10:00:00.000Z', changesAsked: 'Bigger letters' },
        }),
      ),
    ]);
    const section = await screen.findByRole('region', { name: ORDER_MESSAGES.proofHeadingAnswered });
    expect(within(section).getByText('Bigger letters')).toBeInTheDocument();
    expect(section).toHaveTextContent('We are making a new proof');
    expect(within(section).queryByRole('button', { name: ORDER_MESSAGES.approveProof })).not.toBeInTheDocument();
  });

  it.each([
    ['a digital book once delivered', { status: 'Completed', bookFormat: 'digital' }],
    ['a printed book once shipped', { status: 'Shipped', bookFormat: 'printed' }],
  ])('shows no proof for %s', async (_name, overrides) => {
    renderOrderPage([orderPageMock(waiting({ ...overrides, canAnswerProof: false }))]);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: /proof/i })).not.toBeInTheDocument();
  });

  it("brings the viewer at once for a proof without an image of its first page, with the page's size", async () => {
    renderOrderPage([orderPageMock(waiting({ proof: { ...PROOF, firstPage: null } }))]);
    const section = await screen.findByRole('region', { name: ORDER_MESSAGES.proofHeading });
    expect(await within(section).findByTestId('viewer')).toHaveTextContent(
      `Proof 2 of Mia's book from ${PROOF.url}, in the shape of 612 x 792`,
    );
    expect(within(section).queryByRole('img')).not.toBeInTheDocument();
  });

  it('brings the viewer without a size for a proof whose page size is not known', async () => {
    renderOrderPage([orderPageMock(waiting({ proof: { ...PROOF, firstPage: null, firstPageSize: null } }))]);
    const section = await screen.findByRole('region', { name: ORDER_MESSAGES.proofHeading });
    expect(await within(section).findByTestId('viewer')).toHaveTextContent(`Proof 2 of Mia's book from ${PROOF.url}`);
    expect(within(section).getByTestId('viewer')).not.toHaveTextContent('shape');
  });

  it('brings the viewer when the image of the first page fails to load, and drops the broken image', async () => {
    renderOrderPage([orderPageMock(waiting())]);
    const section = await screen.findByRole('region', { name: ORDER_MESSAGES.proofHeading });
    fireEvent.error(within(section).getByRole('img', { name: "Proof 2 of Mia's book, page 1" }));
    expect(await within(section).findByTestId('viewer')).toBeInTheDocument();
    expect(within(section).queryByRole('img')).not.toBeInTheDocument();
  });

  it('still shows the proof of a printed book that is made but not yet printed', async () => {
    renderOrderPage([orderPageMock(waiting({ status: 'Completed' }))]);
    expect(await screen.findByRole('region', { name: ORDER_MESSAGES.proofHeading })).toBeInTheDocument();
  });
});
