import '../../../../test/support/client/indexed-db';

import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

import { catalogueMock } from '../../../../test/support/client/storefront/catalogue-mock';
import { CreatePage } from './CreatePage';
import { clearDraft, type DraftOrderLink, loadDraft, saveDraft } from './draft/draft-store';
import { CREATE_ORDER_MUTATION, DRAFT_ORDER_STATUS_QUERY, UPDATE_PENDING_ORDER_MUTATION } from './order-form-operations';
import { toCreateOrderInput } from './to-create-order-input';
import { initialOrderFormValues } from './order-form-values';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

const typed = {
  childName: 'Mia',
  childAge: '6',
  storyIdea: 'A lost puppy',
  dedication: 'For Mia, with love',
  moral: 'Kindness',
  bookFormat: 'digital',
  bookStyle: 'classic',
  email: 'mia.parent@example.com',
  fullName: '',
  streetAddress: '',
  city: '',
  state: '',
  zipCode: '',
  country: 'United States',
  acceptTerms: true,
};

/** What the form sends for `typed` (the server's last accepted input, in a draft's link). */
const sentInput = JSON.stringify(
  toCreateOrderInput({
    ...initialOrderFormValues({ bookFormat: 'digital', bookStyle: 'classic', country: 'United States' }),
    ...typed,
    bookFormat: 'digital',
  }),
);

const link: DraftOrderLink = {
  orderId: 'order-1',
  checkoutToken: 'token-1',
  amountCents: 2500,
  bookFormat: 'digital',
  sentInput,
  sentPhotoVersion: 1,
};

async function storeDraft(order: DraftOrderLink | null = null) {
  await saveDraft({
    values: typed,
    photo: { bytes: PNG.slice().buffer, name: 'mia.png', type: 'image/png', version: 1 },
    order,
    savedAt: 1,
  });
}

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Holds every opening of the browser's draft store until `release`, as a slow disk would: the
 * form is on screen before its draft is read, whatever the order the two are ready in.
 */
function holdDraftStore() {
  const factory = indexedDB;
  const open = factory.open.bind(factory);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = jest.spyOn(factory, 'open').mockImplementation((name: string, version?: number) => {
    // Stands in for the request until the real one answers, which it then passes on.
    const request = { result: undefined, error: null } as unknown as IDBOpenDBRequest;
    void released.then(() => {
      const real = open(name, version);
      const pass = (handler: 'onupgradeneeded' | 'onsuccess' | 'onerror' | 'onblocked') => (event: Event) => {
        // The result and the error can be read once the request is done (not while it is blocked).
        if (real.readyState === 'done') Object.assign(request, { result: real.result, error: real.error });
        (request[handler] as ((event: Event) => void) | null)?.(event);
      };
      real.onupgradeneeded = pass('onupgradeneeded');
      real.onsuccess = pass('onsuccess');
      real.onerror = pass('onerror');
      real.onblocked = pass('onblocked');
    });
    return request;
  });
  return { release, restore: () => held.mockRestore() };
}

function renderCreate(mocks: MockLink.MockedResponse[] = [], url = '/create') {
  const user = userEvent.setup();
  render(
    <MockedProvider mocks={[catalogueMock, ...mocks]}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/create" element={<CreatePage />} />
          <Route path="/payment" element={<p>Payment page</p>} />
          <Route path="/order/:token" element={<p>Order page</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </MockedProvider>,
  );
  return { user };
}

const currentUrl = () => screen.getByTestId('location').textContent;
const submitButton = () => screen.getByRole('button', { name: "Create My Child's Storybook" });

const payload = (field: string, extra: Record<string, unknown> = {}) => ({
  data: {
    [field]: {
      __typename: 'CreateOrderPayload',
      orderId: 'order-1',
      checkoutToken: 'token-1',
      order: { __typename: 'CheckoutOrder', id: 'order-1', amountCents: 2500, currency: 'USD', bookFormat: 'digital' },
      userErrors: [],
      ...extra,
    },
  },
});

function recorded(query: MockLink.MockedResponse['request']['query'], result: MockLink.MockedResponse['result']) {
  const seen: { calls: number; variables?: Record<string, unknown> } = { calls: 0 };
  const mock: MockLink.MockedResponse = {
    request: { query, variables: () => true },
    result: (variables: Record<string, unknown>) => {
      seen.calls += 1;
      seen.variables = variables;
      return typeof result === 'function' ? result(variables) : result!;
    },
  };
  return { mock, seen };
}

/**
 * A form that leaves writes what its timer had not yet (use-order-draft.ts), a moment after it
 * has gone: once the stored draft has stayed the same for a while, no write is on its way to land
 * in the next test's empty store.
 */
async function draftWritesSettled() {
  const quietMs = 100;
  const stepMs = 25;
  let last: number | null | undefined;
  let quiet = 0;
  for (let waited = 0; quiet < quietMs; waited += stepMs) {
    if (waited >= 5000) throw new Error('the stored draft was still changing 5 s after its form had gone');
    await new Promise((resolve) => setTimeout(resolve, stepMs));
    const savedAt = (await loadDraft())?.savedAt ?? null;
    quiet = savedAt === last ? quiet + stepMs : 0;
    last = savedAt;
  }
}

afterEach(async () => {
  cleanup();
  await draftWritesSettled();
});

beforeEach(async () => {
  sessionStorage.clear();
  await clearDraft();
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

describe('the order form draft', () => {
  it('brings back every field and the photo after a reload, with the cover preview', async () => {
    await storeDraft();
    renderCreate();
    await waitFor(async () => expect(await screen.findByLabelText("Child's name")).toHaveValue('Mia'));
    expect(screen.getByLabelText('Age')).toHaveValue(6);
    expect(screen.getByLabelText('Story idea (optional)')).toHaveValue('A lost puppy');
    expect(screen.getByLabelText('Dedication (optional)')).toHaveValue('For Mia, with love');
    expect(screen.getByRole('radio', { name: 'Kindness' })).toBeChecked();
    expect(screen.getByLabelText('Email')).toHaveValue('mia.parent@example.com');
    expect(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' })).toBeChecked();
    expect(await screen.findByRole('img', { name: "Preview of your child's photo" })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Book cover: The Gentle Tale of Mia' })).toBeInTheDocument();
  });

  it('writes what is typed, and Start over forgets it all', async () => {
    const { user } = renderCreate();
    const name = await screen.findByLabelText("Child's name");
    await waitFor(() => expect(name).toBeEnabled());
    expect(name).toHaveValue(''); // no draft was left to restore
    await user.type(name, 'Leo');
    await user.type(screen.getByLabelText('Dedication (optional)'), 'For Leo');
    expect(screen.getByText('7 / 300 characters')).toBeInTheDocument();
    await waitFor(async () => expect((await loadDraft())?.values).toMatchObject({ childName: 'Leo', dedication: 'For Leo' }));

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByLabelText("Child's name")).toHaveValue('');
    expect(screen.getByLabelText('Dedication (optional)')).toHaveValue('');
    await waitFor(async () => expect(await loadDraft()).toBeNull());
    expect(screen.queryByRole('button', { name: 'Start over' })).not.toBeInTheDocument();
  });

  it('keeps the form disabled until the draft is back, so nothing typed before is overwritten', async () => {
    await storeDraft();
    const store = holdDraftStore();
    try {
      renderCreate();
      const name = await screen.findByLabelText("Child's name");
      expect(name).toBeDisabled();
      expect(screen.getByRole('button', { name: "Create My Child's Storybook" })).toBeDisabled();
      store.release();
      await waitFor(() => expect(name).toBeEnabled());
      expect(name).toHaveValue('Mia');
    } finally {
      store.restore();
    }
  });

  it('goes straight to payment for its Pending order when nothing changed: no request', async () => {
    await storeDraft(link);
    const create = recorded(CREATE_ORDER_MUTATION, payload('createOrder'));
    const update = recorded(UPDATE_PENDING_ORDER_MUTATION, payload('updatePendingOrder'));
    const { user } = renderCreate([create.mock, update.mock]);
    await waitFor(async () => expect(await screen.findByLabelText("Child's name")).toHaveValue('Mia'));
    await user.click(submitButton());
    await screen.findByText('Payment page');
    expect(currentUrl()).toBe('/payment?orderId=order-1&amount=25&format=digital');
    expect(sessionStorage.getItem('checkoutToken')).toBe('token-1');
    expect(create.seen.calls + update.seen.calls).toBe(0);
  });

  it('updates its Pending order when something changed, keeping the photo the server has', async () => {
    await storeDraft(link);
    const create = recorded(CREATE_ORDER_MUTATION, payload('createOrder'));
    const update = recorded(UPDATE_PENDING_ORDER_MUTATION, payload('updatePendingOrder'));
    const { user } = renderCreate([create.mock, update.mock]);
    const name = await screen.findByLabelText("Child's name");
    await waitFor(() => expect(name).toHaveValue('Mia'));
    await user.clear(name);
    await user.type(name, 'Mila');
    await user.click(submitButton());
    await screen.findByText('Payment page');
    expect(create.seen.calls).toBe(0);
    expect(update.seen.calls).toBe(1);
    expect(update.seen.variables).toMatchObject({
      orderId: 'order-1',
      checkoutToken: 'token-1',
      childPhoto: null,
      input: { childName: 'Mila', dedication: 'For Mia, with love' },
    });
    expect(JSON.parse((await loadDraft())!.order!.sentInput)).toMatchObject({ childName: 'Mila' });
  });

  it('sends the new photo with the update when the photo changed', async () => {
    await storeDraft(link);
    const update = recorded(UPDATE_PENDING_ORDER_MUTATION, payload('updatePendingOrder'));
    const { user } = renderCreate([update.mock]);
    await waitFor(async () => expect(await screen.findByLabelText("Child's name")).toHaveValue('Mia'));
    const photo = new File([PNG, new Uint8Array(40)], 'new.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText("Child's photo"), photo);
    await waitFor(async () => expect((await loadDraft())?.photo?.name).toBe('new.png'));
    await user.click(submitButton());
    await screen.findByText('Payment page');
    expect(update.seen.variables?.childPhoto).toBe(photo);
  });

  it('makes a new order when its order was cancelled meanwhile', async () => {
    await storeDraft({ ...link, sentInput: '{}' });
    const update = recorded(
      UPDATE_PENDING_ORDER_MUTATION,
      payload('updatePendingOrder', {
        orderId: null,
        checkoutToken: null,
        order: null,
        userErrors: [{ __typename: 'UserError', code: 'WRONG_STATUS', field: null, message: 'This order was cancelled.' }],
      }),
    );
    const status = recorded(DRAFT_ORDER_STATUS_QUERY, {
      data: { checkoutOrder: { __typename: 'CheckoutOrder', id: 'order-1', status: 'Cancelled' } },
    });
    const create = recorded(
      CREATE_ORDER_MUTATION,
      payload('createOrder', {
        orderId: 'order-2',
        checkoutToken: 'token-2',
        order: { __typename: 'CheckoutOrder', id: 'order-2', amountCents: 2500, currency: 'USD', bookFormat: 'digital' },
      }),
    );
    const { user } = renderCreate([update.mock, status.mock, create.mock]);
    await waitFor(async () => expect(await screen.findByLabelText("Child's name")).toHaveValue('Mia'));
    await user.click(submitButton());
    await screen.findByText('Payment page');
    expect(currentUrl()).toBe('/payment?orderId=order-2&amount=25&format=digital');
    expect(create.seen.calls).toBe(1);
    expect((create.seen.variables?.childPhoto as File).name).toBe('mia.png');
    expect((await loadDraft())?.order).toMatchObject({ orderId: 'order-2', checkoutToken: 'token-2' });
  });

  it('sends the parent to the order page, and clears the draft, when its order was paid meanwhile', async () => {
    await storeDraft({ ...link, sentInput: '{}' });
    const update = recorded(
      UPDATE_PENDING_ORDER_MUTATION,
      payload('updatePendingOrder', {
        orderId: null,
        checkoutToken: null,
        order: null,
        userErrors: [
          { __typename: 'UserError', code: 'WRONG_STATUS', field: null, message: 'This order has already been paid.' },
        ],
      }),
    );
    const status = recorded(DRAFT_ORDER_STATUS_QUERY, {
      data: { checkoutOrder: { __typename: 'CheckoutOrder', id: 'order-1', status: 'Paid' } },
    });
    const create = recorded(CREATE_ORDER_MUTATION, payload('createOrder'));
    const { user } = renderCreate([update.mock, status.mock, create.mock]);
    await waitFor(async () => expect(await screen.findByLabelText("Child's name")).toHaveValue('Mia'));
    await user.click(submitButton());
    await screen.findByText('Order page');
    expect(currentUrl()).toBe('/order/token-1');
    expect(create.seen.calls).toBe(0);
    await waitFor(async () => expect(await loadDraft()).toBeNull());
  });

  it('lets the link choose the format over the draft', async () => {
    await storeDraft();
    renderCreate([], '/create?type=printed');
    await waitFor(async () => expect(await screen.findByLabelText("Child's name")).toHaveValue('Mia'));
    expect(screen.getByRole('radio', { name: 'Premium Printed Storybook' })).toBeChecked();
  });
});
