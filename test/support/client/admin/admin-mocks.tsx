/** Orders, sessions and a rendered admin portal for the admin's component tests. */
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

import { createCache } from '../../../../client/src/apollo';
import { AdminInvitePage } from '../../../../client/src/admin/admins/AdminInvitePage';
import { AdminsPage } from '../../../../client/src/admin/admins/AdminsPage';
import { WORK_COUNTS_QUERY } from '../../../../client/src/admin/queue/queue-operations';
import { PRINT_PARTNER_QUERY } from '../../../../client/src/admin/studio/print-operations';
import { WorkQueuePage } from '../../../../client/src/admin/queue/WorkQueuePage';
import { AdminRoot } from '../../../../client/src/admin/AdminRoot';
import { AdminDashboardPage } from '../../../../client/src/admin/dashboard/AdminDashboardPage';
import type { OrderFilter } from '../../../../client/src/admin/dashboard/order-filter';
import { ORDERS_QUERY } from '../../../../client/src/admin/dashboard/orders-operations';
import { ordersVariables } from '../../../../client/src/admin/dashboard/use-orders-list';
import { ORDER_DETAIL_QUERY } from '../../../../client/src/admin/detail/order-detail-operations';
import { AdminLoginPage } from '../../../../client/src/admin/login/AdminLoginPage';
import { LOGIN_MUTATION, LOGOUT_MUTATION, ME_QUERY } from '../../../../client/src/admin/session/session-operations';
import { ASSIGNABLE_ADMINS_QUERY } from '../../../../client/src/admin/studio/studio-operations';
import { VIDEO_LIMIT_QUERY } from '../../../../client/src/admin/upload/upload-operations';

export const ADMIN = { __typename: 'AdminUser', id: 'admin-1', email: 'staff@storybookshop.com', role: 'OWNER' } as const;
/** A studio member: works orders, sees no money, team or export controls. */
export const STUDIO_ADMIN = {
  __typename: 'AdminUser',
  id: 'admin-3',
  email: 'illustrator@storybookshop.com',
  role: 'STUDIO',
} as const;
export type SignedInAdmin = typeof ADMIN | typeof STUDIO_ADMIN;

export type OrderRecord = Record<string, unknown> & { id: string; status: string };

let serial = 0;

/** An order as the admin API returns it (row and detail fields); override what the test is about. */
export function anOrder(overrides: Partial<OrderRecord> = {}): OrderRecord {
  serial += 1;
  const id = `${String(serial).padStart(8, '0')}-aaaa-4bbb-8ccc-${String(serial).padStart(12, '0')}`;
  return {
    __typename: 'Order',
    id,
    childName: 'Mia',
    email: 'parent@example.com',
    bookFormat: 'digital',
    moral: 'Kindness',
    status: 'Paid',
    createdAt: '2025-03-05T14:07:00.000Z',
    photoUrl: `https://shop.test/media/photos/${id}.jpg?sig=1`,
    videoUrl: null,
    pdfUrl: null,
    changeRequest: null,
    childAge: 6,
    storyIdea: 'Mia finds a lost puppy',
    dedication: null,
    giftMessage: null,
    giftDeliveryDate: null,
    giftSendAt: null,
    childDataDeletedAt: null,
    bookStyle: null,
    shippingAddress: null,
    amountCents: 2500,
    refundableCents: 2500,
    currency: 'USD',
    discount: null,
    checkoutBooks: [],
    paymentProvider: 'sandbox',
    paymentId: 'sbx_123',
    updatedAt: '2025-03-05T14:09:00.000Z',
    paidAt: '2025-03-05T14:09:00.000Z',
    completedAt: null,
    shippingCarrier: null,
    trackingNumber: null,
    trackingUrl: null,
    shippedAt: null,
    cancelledAt: null,
    refundedAt: null,
    paymentAlerts: [],
    refunds: [],
    assignee: null,
    notes: [],
    proofs: [],
    events: [
      {
        __typename: 'OrderEvent',
        id: `${id}-e1`,
        type: 'created',
        fromStatus: null,
        toStatus: 'Pending',
        actor: 'customer',
        createdAt: '2025-03-05T14:07:00.000Z',
      },
      {
        __typename: 'OrderEvent',
        id: `${id}-e2`,
        type: 'paid',
        fromStatus: 'Pending',
        toStatus: 'Paid',
        actor: 'sandbox',
        createdAt: '2025-03-05T14:09:00.000Z',
      },
    ],
    emails: [
      {
        __typename: 'OutboxEmail',
        id: `${id}-m1`,
        template: 'order-confirmation',
        toAddress: 'parent@example.com',
        subject: 'Thank you for your order',
        status: 'pending',
        attempts: 0,
        lastError: null,
        createdAt: '2025-03-05T14:09:00.000Z',
        notBefore: null,
        sentAt: null,
        text: 'Thank you for your order.',
      },
    ],
    ...overrides,
  };
}

const ROW_FIELDS = [
  '__typename',
  'id',
  'childName',
  'email',
  'bookFormat',
  'moral',
  'status',
  'createdAt',
  'photoUrl',
  'videoUrl',
  'shippingCarrier',
  'trackingNumber',
  'trackingUrl',
  'shippedAt',
  'paymentAlerts',
  'pdfUrl',
  'changeRequest',
];

/** Just the fields the table asks for (a mock must answer exactly what was asked). */
export function asRow(order: OrderRecord): OrderRecord {
  const row = Object.fromEntries(ROW_FIELDS.map((field) => [field, order[field]])) as OrderRecord;
  // The row asks only for each extra charge's payment id.
  const alerts = (order.paymentAlerts ?? []) as Array<{ paymentId: string }>;
  return { ...row, paymentAlerts: alerts.map(({ paymentId }) => ({ __typename: 'PaymentAlert', paymentId })) };
}

export const meMock = (me: SignedInAdmin | null = ADMIN): MockLink.MockedResponse => ({
  request: { query: ME_QUERY },
  result: { data: { me } },
});

export const videoLimitMock = (
  videoMaxBytes = 2 * 1024 ** 3,
  { pdfMaxBytes = 200 * 1024 ** 2, emailSending = true }: { pdfMaxBytes?: number; emailSending?: boolean } = {},
): MockLink.MockedResponse => ({
  request: { query: VIDEO_LIMIT_QUERY },
  // Videos go through the shop, as on local disk; send-video-parts.test.ts covers the way straight to storage.
  result: {
    data: { shopConfig: { __typename: 'ShopConfig', videoMaxBytes, pdfMaxBytes, videoUploadsDirect: false, emailSending } },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

interface OrdersPage {
  orders: OrderRecord[];
  filter?: OrderFilter;
  after?: string | null;
  hasNextPage?: boolean;
  totalCount?: number;
  /** False: the server stopped counting at `totalCount` ("More than ..."). */
  exact?: boolean;
  delay?: number;
}

/** The `orders` connection as the server would answer it. */
export function ordersData(
  orders: OrderRecord[],
  { hasNextPage = false, totalCount, exact = true }: { hasNextPage?: boolean; totalCount?: number; exact?: boolean } = {},
) {
  return {
    orders: {
      __typename: 'OrderConnection',
      edges: orders.map((order) => ({ __typename: 'OrderEdge', cursor: `cursor-${order.id}`, node: asRow(order) })),
      pageInfo: {
        __typename: 'PageInfo',
        hasNextPage,
        endCursor: orders.length ? `cursor-${orders[orders.length - 1].id}` : null,
      },
      total: { __typename: 'OrderTotal' as const, count: totalCount ?? orders.length, exact },
    },
  };
}

export function ordersMock({
  orders,
  filter = { status: null, search: '' },
  after = null,
  hasNextPage = false,
  totalCount,
  exact,
  delay,
}: OrdersPage): MockLink.MockedResponse {
  return {
    request: { query: ORDERS_QUERY, variables: ordersVariables(filter, after) },
    result: { data: ordersData(orders, { hasNextPage, totalCount, exact }) },
    delay,
  };
}

export function ordersErrorMock(kind: 'graphql' | 'network' | 'unauthenticated', filter?: OrderFilter): MockLink.MockedResponse {
  const request = { query: ORDERS_QUERY, variables: ordersVariables(filter ?? { status: null, search: '' }) };
  if (kind === 'network') return { request, error: new Error('Failed to fetch') };
  const code = kind === 'unauthenticated' ? 'UNAUTHENTICATED' : 'INTERNAL_SERVER_ERROR';
  const message = kind === 'unauthenticated' ? 'Sign in as an admin first.' : 'Unexpected error.';
  return { request, result: { errors: [new GraphQLError(message, { extensions: { code } })] } };
}

export const orderDetailMock = (order: OrderRecord): MockLink.MockedResponse => ({
  request: { query: ORDER_DETAIL_QUERY, variables: { id: order.id } },
  result: { data: { order } },
});

export const loginMock = (
  variables: { email: string; password: string },
  outcome: { admin?: SignedInAdmin | null; userErrors?: string[] } | 'network' | 'graphql',
  delay = 20,
): MockLink.MockedResponse => {
  const request = { query: LOGIN_MUTATION, variables };
  if (outcome === 'network') return { request, error: new Error('Failed to fetch'), delay };
  if (outcome === 'graphql') return { request, result: { errors: [new GraphQLError('Unexpected error.')] }, delay };
  return {
    request,
    result: {
      data: {
        login: {
          __typename: 'LoginPayload',
          admin: outcome.admin ?? null,
          userErrors: (outcome.userErrors ?? []).map((message) => ({ __typename: 'UserError', field: null, message })),
        },
      },
    },
    delay,
  };
};

export const logoutMock = (): MockLink.MockedResponse => ({
  request: { query: LOGOUT_MUTATION },
  result: { data: { logout: true } },
});

/** Shows where the app is, so a test can read the URL it navigated to. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

export const currentPath = () => screen.getByTestId('location').textContent;

function AdminRoutes({ url }: { url: string }) {
  return (
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/admin" element={<AdminRoot />}>
          <Route index element={<AdminLoginPage />} />
          <Route path="dashboard" element={<AdminDashboardPage />} />
          <Route path="queue" element={<WorkQueuePage />} />
          <Route path="admins" element={<AdminsPage />} />
          <Route path="invite/:token" element={<AdminInvitePage />} />
        </Route>
      </Routes>
      <LocationProbe />
    </MemoryRouter>
  );
}

/** The admins an order can be given to, as often as asked: the signed-in owner and a studio member. */
export const assignableAdminsMock = (
  admins: Array<{ id: string; email: string; disabledAt?: string | null }> = [ADMIN, STUDIO_ADMIN],
): MockLink.MockedResponse => ({
  request: { query: ASSIGNABLE_ADMINS_QUERY },
  result: {
    data: {
      admins: admins.map(({ id, email, disabledAt }) => ({ __typename: 'AdminUser', id, email, disabledAt: disabledAt ?? null })),
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

/** Every reason's count as the API answers it: `values` gives [count, overdue] for the reasons that have any. */
export const reasonCounts = (values: Partial<Record<string, [number, number]>> = {}) =>
  ['TO_START', 'CHANGES_ASKED', 'APPROVED', 'READY_TO_PRINT', 'PRINT_PROBLEM', 'PAYMENT_ATTENTION', 'EMAIL_FAILING'].map(
    (reason) => ({
      __typename: 'WorkReasonCount',
      reason,
      count: values[reason]?.[0] ?? 0,
      overdue: values[reason]?.[1] ?? 0,
    }),
  );

/** The queue's counts for the dashboard's "Needs action" line, as often as asked: nothing waiting unless given. */
export const workCountsMock = (counts: Partial<Record<string, [number, number]>> = {}): MockLink.MockedResponse => ({
  request: { query: WORK_COUNTS_QUERY },
  result: { data: { workQueue: { __typename: 'WorkQueue', counts: reasonCounts(counts) } } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

/** How printed books are printed, as often as asked: by hand unless given (then the order panel has no print section). */
export const printPartnerMock = (provider: 'manual' | 'lulu' = 'manual'): MockLink.MockedResponse => ({
  request: { query: PRINT_PARTNER_QUERY },
  result: {
    data: {
      printPartner: {
        __typename: 'PrintPartnerInfo',
        provider,
        productId: provider === 'lulu' ? '0850X0850FCPRECW080CW444GXX' : null,
        shippingLevel: provider === 'lulu' ? 'PRIORITY_MAIL' : null,
      },
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

/**
 * The admin portal at `url`, answering from `mocks` (the shop's own cache: same type policies).
 * The order panel's list of assignable admins, the print partner (by hand) and the dashboard's
 * queue counts are answered unless a test gives its own.
 */
export function renderAdmin(url: string, mocks: MockLink.MockedResponse[]) {
  const user = userEvent.setup();
  render(
    <MockedProvider mocks={[...mocks, assignableAdminsMock(), printPartnerMock(), workCountsMock()]} cache={createCache()}>
      <AdminRoutes url={url} />
    </MockedProvider>,
  );
  return { user };
}

/** The admin portal with a real Apollo client (e.g. the shop's own link with a fake fetch). */
export function renderAdminWithClient(url: string, client: ApolloClient) {
  const user = userEvent.setup();
  render(
    <ApolloProvider client={client}>
      <AdminRoutes url={url} />
    </ApolloProvider>,
  );
  return { user };
}
