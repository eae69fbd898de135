import type { MockLink } from '@apollo/client/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';

import { createApolloClient } from '../../apollo';
import {
  ADMIN,
  anOrder,
  meMock,
  ordersData,
  ordersMock,
  type OrderRecord,
  renderAdmin,
  renderAdminWithClient,
  videoLimitMock,
} from '../../../../test/support/client/admin/admin-mocks';
import { fakeGraphqlFetch, type FakeRequest } from '../../../../test/support/client/admin/fake-graphql-fetch';
import { COMPLETE_ORDER_WITH_VIDEO_MUTATION } from './upload-operations';

const DASHBOARD = '/admin/dashboard';
const mp4 = (name = 'story.mp4', size = 2048) => new File([new Uint8Array(size)], name, { type: 'video/mp4' });
const pdf = (name = 'storybook.pdf', size = 600) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const rowOf = (childName: string) => screen.getByRole('row', { name: new RegExp(childName) });
type User = ReturnType<typeof renderAdmin>['user'];

/** Picks the files in the delivery dialog and continues to its confirmation; returns the dialog. */
async function pickFiles(user: User, trigger: HTMLElement, files: { video?: File; pdf?: File }) {
  await user.click(trigger);
  const dialog = await screen.findByRole('dialog');
  if (files.video) await user.upload(within(dialog).getByLabelText(/^Story video/), files.video);
  if (files.pdf) await user.upload(within(dialog).getByLabelText(/^Storybook PDF/), files.pdf);
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  return dialog;
}

/** Whether leaving the page now makes the browser ask first (a cancelled beforeunload). */
function leavingIsQuestioned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

function completedFrom(order: OrderRecord): OrderRecord {
  return {
    ...order,
    status: 'Completed',
    videoUrl: `https://shop.test/media/videos/${order.id}.mp4?sig=3`,
    completedAt: '2025-03-06T09:00:00.000Z',
  };
}

/** The shop's limits for the fake server: 10,000 bytes each, e-mail sent. */
const shopConfig = ({ videoUploadsDirect }: { videoUploadsDirect: boolean }) => ({
  data: {
    shopConfig: { __typename: 'ShopConfig', videoMaxBytes: 10_000, pdfMaxBytes: 10_000, videoUploadsDirect, emailSending: true },
  },
});

const uploadPayload = (order: OrderRecord | null, userErrors: string[] = []) => ({
  data: {
    completeOrderWithVideo: {
      __typename: 'CompleteOrderWithVideoPayload',
      order,
      userErrors: userErrors.map((message) => ({ __typename: 'UserError', field: 'video', message })),
    },
  },
});

describe('uploading a video: through the shop’s own upload link', () => {
  it('sends the file as a multipart upload with a progress bar, then says so and refreshes the list', async () => {
    const paid = anOrder({ childName: 'Mia', email: 'mia.parent@example.com', status: 'Paid' });
    const completed = completedFrom(paid);
    let ordersAsked = 0;
    let upload: FakeRequest | null = null;
    let answerUpload: (() => void) | null = null;

    const client = createApolloClient({
      fetch: fakeGraphqlFetch({
        AdminMe: () => ({ data: { me: ADMIN } }),
        VideoUploadLimit: () => shopConfig({ videoUploadsDirect: false }),
        AdminOrders: () => {
          ordersAsked += 1;
          return { data: ordersData([ordersAsked === 1 ? paid : completed]) };
        },
        CompleteOrderWithVideo: (request) =>
          new Promise((resolve) => {
            upload = request;
            answerUpload = () => resolve(uploadPayload(completed));
          }),
      }),
    });
    const { user } = renderAdminWithClient(DASHBOARD, client);
    await screen.findByRole('table');

    const dialog = await pickFiles(user, within(rowOf('Mia')).getByRole('button', { name: /^Upload Video/ }), {
      video: mp4(),
      pdf: pdf(),
    });
    // Nothing is sent before the admin confirms what goes to whom.
    expect(upload).toBeNull();
    expect(dialog).toHaveTextContent('story.mp4');
    expect(dialog).toHaveTextContent('storybook.pdf');
    expect(dialog).toHaveTextContent('Mia');
    expect(dialog).toHaveTextContent('mia.parent@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Upload and send' }));
    await waitFor(() => expect(upload).not.toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const sent = upload as unknown as FakeRequest;
    expect(sent.variables).toEqual({ orderId: paid.id, video: null, uploadedVideo: null, storybookPdf: null });
    expect(Object.values(sent.files).map((file) => file.name)).toEqual(['story.mp4', 'storybook.pdf']);
    expect(sent.init.headers).toMatchObject({ 'apollo-require-preflight': 'true' });

    // The link hands our progress callback to fetch: the bar follows what has been sent.
    const bar = within(rowOf('Mia')).getByRole('progressbar', { name: /Uploading the files/ });
    expect(bar).toHaveAttribute('value', '0');
    act(() => sent.init.onUploadProgress?.({ loaded: 512, total: 2048 }));
    expect(bar).toHaveAttribute('value', '25');
    expect(within(rowOf('Mia')).getByText('25%')).toBeInTheDocument();
    // No second upload for the same order while this one runs.
    expect(within(rowOf('Mia')).getByRole('button', { name: /^Uploading… for order/ })).toBeDisabled();
    act(() => sent.init.onUploadProgress?.({ loaded: 2048, total: 2048 }));
    expect(bar).toHaveAttribute('value', '100');
    // Leaving the page now would stop the upload: the browser asks first.
    expect(leavingIsQuestioned()).toBe(true);

    act(() => answerUpload?.());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Video uploaded successfully and email sent to mia.parent@example.com',
    );
    expect(leavingIsQuestioned()).toBe(false);
    await waitFor(() => expect(ordersAsked).toBe(2));
    const row = rowOf('Mia');
    expect(within(row).getByText('Completed')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /^View Video/ })).toHaveAttribute('href', completed.videoUrl);
    expect(within(row).queryByRole('button', { name: /^Upload Video/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

describe('uploading a video: straight to storage', () => {
  it('asks the shop to start with the size and first bytes, and shows its refusal without sending the file', async () => {
    const paid = anOrder({ childName: 'Mia', status: 'Paid' });
    const asked: string[] = [];
    let started: FakeRequest | null = null;
    const client = createApolloClient({
      fetch: fakeGraphqlFetch({
        AdminMe: () => ({ data: { me: ADMIN } }),
        VideoUploadLimit: () => shopConfig({ videoUploadsDirect: true }),
        AdminOrders: () => ({ data: ordersData([paid]) }),
        StartVideoUpload: (request) => {
          asked.push('StartVideoUpload');
          started = request;
          return {
            data: {
              startVideoUpload: {
                __typename: 'StartVideoUploadPayload',
                upload: null,
                userErrors: [
                  {
                    __typename: 'UserError',
                    code: 'INVALID_INPUT',
                    field: 'video',
                    message: 'Please upload an MP4, MOV or WebM video.',
                  },
                ],
              },
            },
          };
        },
        CompleteOrderWithVideo: () => {
          asked.push('CompleteOrderWithVideo');
          return uploadPayload(null);
        },
      }),
    });
    const { user } = renderAdminWithClient(DASHBOARD, client);
    await screen.findByRole('table');
    const head = new Uint8Array(2048).map((_, index) => index % 256);
    const video = new File([head], 'story.mp4', { type: 'video/mp4' });
    const dialog = await pickFiles(user, within(rowOf('Mia')).getByRole('button', { name: /^Upload Video/ }), {
      video,
      pdf: pdf(),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Upload and send' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please upload an MP4, MOV or WebM video.');
    expect(asked).toEqual(['StartVideoUpload']);
    const variables = (started as unknown as FakeRequest).variables;
    expect(variables).toMatchObject({ orderId: paid.id, size: 2048 });
    expect(Uint8Array.from(atob(String(variables.head)), (char) => char.charCodeAt(0))).toEqual(head.subarray(0, 64));
    expect(within(rowOf('Mia')).getByRole('button', { name: /^Upload Video/ })).toBeEnabled();
  });
});

describe('uploading a video: what the admin is told', () => {
  const paid = anOrder({ childName: 'Mia', status: 'Paid' });

  const uploadMock = (outcome: MockLink.MockedResponse['result'] | Error): MockLink.MockedResponse => ({
    request: { query: COMPLETE_ORDER_WITH_VIDEO_MUTATION, variables: (variables) => variables.orderId === paid.id },
    ...(outcome instanceof Error ? { error: outcome } : { result: outcome }),
    delay: 10,
  });

  async function uploadFor(mocks: MockLink.MockedResponse[], file = mp4(), limit = 2 * 1024 ** 3) {
    const { user } = renderAdmin(DASHBOARD, [meMock(), ordersMock({ orders: [paid] }), videoLimitMock(limit), ...mocks]);
    await screen.findByRole('table');
    await user.click(within(rowOf('Mia')).getByRole('button', { name: /^Upload Video/ }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText(/^Story video/);
    // user.upload honours `accept`, as the browser's picker does; a drop or "All files" does not.
    if (file.type.startsWith('video/')) await user.upload(input, file);
    else fireEvent.change(input, { target: { files: [file] } });
    await user.upload(within(dialog).getByLabelText(/^Storybook PDF/), pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = within(dialog).queryByRole('button', { name: 'Upload and send' });
    if (confirm) await user.click(confirm);
    return screen.findByRole('alert');
  }

  it("shows the server's own reason", async () => {
    const alert = await uploadFor([uploadMock(uploadPayload(null, ['This order has already been completed.']))]);
    expect(alert).toHaveTextContent('This order has already been completed.');
    expect(alert).toHaveTextContent(`Order ${paid.id.slice(0, 8)}... · Mia`);
    // Still Paid: the admin can try again.
    expect(within(rowOf('Mia')).getByRole('button', { name: /^Upload Video/ })).toBeEnabled();
  });

  it("says 'Failed to upload video' when the server gives no order and no reason", async () => {
    expect(await uploadFor([uploadMock(uploadPayload(null))])).toHaveTextContent('Failed to upload video');
  });

  it("says 'An error occurred while processing the video' when the request fails", async () => {
    expect(await uploadFor([uploadMock(new Error('Failed to fetch'))])).toHaveTextContent(
      'An error occurred while processing the video',
    );
  });

  it('treats a GraphQL error the same way', async () => {
    expect(await uploadFor([uploadMock({ errors: [new GraphQLError('Unexpected error.')] })])).toHaveTextContent(
      'An error occurred while processing the video',
    );
  });

  it("refuses a file over the shop's limit before sending it", async () => {
    // No upload mock: a request would fail the test.
    const alert = await uploadFor([], mp4('big.mp4', 3 * 1024 ** 2), 2 * 1024 ** 2);
    expect(alert).toHaveTextContent('The video is too large: the limit is 2 MB.');
  });

  it('refuses a file that is not an MP4, MOV or WebM video before sending it', async () => {
    const alert = await uploadFor([], new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(alert).toHaveTextContent('Please upload an MP4, MOV or WebM video.');
  });
});

describe('the delivery dialog', () => {
  const completeMock = (order: OrderRecord, seen: Array<Record<string, unknown>>): MockLink.MockedResponse => ({
    request: {
      query: COMPLETE_ORDER_WITH_VIDEO_MUTATION,
      variables: (variables) => {
        seen.push(variables);
        return variables.orderId === order.id;
      },
    },
    result: uploadPayload(completedFrom(order)),
  });
  // The list is asked for again after a delivery.
  const refreshed = (order: OrderRecord) => ({
    ...ordersMock({ orders: [completedFrom(order)] }),
    maxUsageCount: Number.POSITIVE_INFINITY,
  });

  it('will not go on without the PDF of a digital book, and sends nothing', async () => {
    const paid = anOrder({ childName: 'Mia', status: 'Paid', bookFormat: 'digital' });
    const seen: Array<Record<string, unknown>> = [];
    const { user } = renderAdmin(DASHBOARD, [
      meMock(),
      ordersMock({ orders: [paid] }),
      videoLimitMock(),
      completeMock(paid, seen),
    ]);
    await screen.findByRole('table');
    const dialog = await pickFiles(user, within(rowOf('Mia')).getByRole('button', { name: /^Upload Video/ }), { video: mp4() });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A digital book needs its storybook PDF: please choose the PDF file.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Upload and send' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it('lets a printed book go with the video alone, and Back returns to the files', async () => {
    const paid = anOrder({ childName: 'Leo', status: 'Paid', bookFormat: 'printed', email: 'leo.parent@example.com' });
    const seen: Array<Record<string, unknown>> = [];
    // Placed while the admin delivered Leo's book: shown once the list is asked for again.
    const newcomer = anOrder({ childName: 'Ada', status: 'Paid' });
    const { user } = renderAdmin(DASHBOARD, [
      meMock(),
      ordersMock({ orders: [paid] }),
      videoLimitMock(),
      completeMock(paid, seen),
      { ...ordersMock({ orders: [completedFrom(paid), newcomer] }), maxUsageCount: Number.POSITIVE_INFINITY },
    ]);
    await screen.findByRole('table');
    const dialog = await pickFiles(user, within(rowOf('Leo')).getByRole('button', { name: /^Upload Video/ }), { video: mp4() });
    expect(within(dialog).getByRole('heading', { name: 'Send the finished book?' })).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('PDF:');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByLabelText(/^Story video/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload and send' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Video uploaded successfully and email sent to leo.parent@example.com',
    );
    expect(seen.at(-1)).toMatchObject({ orderId: paid.id, storybookPdf: null });
    // The list is asked for again.
    expect(await screen.findByText('Ada')).toBeInTheDocument();
  });

  it('says the e-mail was queued, not sent, when the shop sends no e-mail', async () => {
    const paid = anOrder({ childName: 'Mia', status: 'Paid', email: 'mia.parent@example.com' });
    const { user } = renderAdmin(DASHBOARD, [
      meMock(),
      ordersMock({ orders: [paid] }),
      videoLimitMock(undefined, { emailSending: false }),
      completeMock(paid, []),
      refreshed(paid),
    ]);
    await screen.findByRole('table');
    const dialog = await pickFiles(user, within(rowOf('Mia')).getByRole('button', { name: /^Upload Video/ }), {
      video: mp4(),
      pdf: pdf(),
    });
    expect(dialog).toHaveTextContent('will be queued in the outbox but not sent');
    await user.click(within(dialog).getByRole('button', { name: 'Upload and send' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      'Video uploaded successfully. The email to mia.parent@example.com is queued in the outbox, not sent: e-mail sending is not set up.',
    );
    expect(status).not.toHaveTextContent('email sent to');
  });

  it('refuses a file that is not a PDF before sending anything', async () => {
    const paid = anOrder({ childName: 'Mia', status: 'Paid' });
    const { user } = renderAdmin(DASHBOARD, [meMock(), ordersMock({ orders: [paid] }), videoLimitMock()]);
    await screen.findByRole('table');
    await user.click(within(rowOf('Mia')).getByRole('button', { name: /^Upload Video/ }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(within(dialog).getByLabelText(/^Story video/), mp4());
    fireEvent.change(within(dialog).getByLabelText(/^Storybook PDF/), {
      target: { files: [new File(['x'], 'book.docx', { type: 'application/msword' })] },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please upload the storybook as a PDF file.');
  });
});
