import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';

import {
  ADMIN,
  anOrder,
  meMock,
  ordersMock,
  reasonCounts,
  renderAdmin,
  videoLimitMock,
  workCountsMock,
} from '../../../../test/support/client/admin/admin-mocks';
import { WORK_QUEUE_QUERY } from './queue-operations';

const HOUR = 3600_000;

function item(childName: string, reason: string, dueInMs: number, assignee: { id: string; email: string } | null = null) {
  const order = anOrder({ childName });
  return {
    __typename: 'WorkItem',
    cursor: `cursor-${order.id}-${reason}`,
    reason,
    dueAt: new Date(Date.now() + dueInMs).toISOString(),
    overdue: dueInMs < 0,
    since: new Date(Date.now() - 2 * HOUR).toISOString(),
    assignee: assignee && { __typename: 'AdminUser', ...assignee },
    order: { __typename: 'Order', id: order.id, childName, bookFormat: order.bookFormat, status: 'Paid' },
  };
}

const queueMock = (
  variables: Record<string, unknown>,
  items: ReturnType<typeof item>[],
  countValues: Record<string, [number, number]>,
): MockLink.MockedResponse => ({
  request: { query: WORK_QUEUE_QUERY, variables: { reason: null, assignedToMe: false, first: 20, after: null, ...variables } },
  result: {
    data: {
      workQueue: {
        __typename: 'WorkQueue',
        items,
        counts: reasonCounts(countValues),
        pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
      },
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

describe('the studio queue', () => {
  it('lists the work soonest due first, with overdue work flagged and counted per reason', async () => {
    const late = item('Ada', 'TO_START', -3 * HOUR);
    const soon = item('Ben', 'CHANGES_ASKED', 5 * HOUR + 60_000, { id: ADMIN.id, email: ADMIN.email });
    renderAdmin('/admin/queue', [meMock(), queueMock({}, [late, soon], { TO_START: [1, 1], CHANGES_ASKED: [1, 0] })]);
    const list = await screen.findByRole('list', { name: 'Work, soonest due first' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveAccessibleName('Ada: To start');
    expect(within(first).getByText('Overdue')).toBeInTheDocument();
    expect(within(first).getByText('overdue by 3 h')).toBeInTheDocument();
    expect(within(first).getByText(/nobody has it yet/)).toBeInTheDocument();
    expect(second).toHaveAccessibleName('Ben: Changes asked');
    expect(within(second).getByText('due in 5 h')).toBeInTheDocument();
    expect(within(second).getByText(new RegExp(`with ${ADMIN.email}`))).toBeInTheDocument();
    expect(screen.getByText('2 items')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'To start (1, 1 overdue)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All (2)' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('filters by reason and by what is mine, keeping both in the address', async () => {
    const printing = item('Cy', 'READY_TO_PRINT', 20 * HOUR);
    const { user } = renderAdmin('/admin/queue', [
      meMock(),
      queueMock({}, [printing], { READY_TO_PRINT: [1, 0] }),
      queueMock({ reason: 'READY_TO_PRINT' }, [printing], { READY_TO_PRINT: [1, 0] }),
      queueMock({ reason: 'READY_TO_PRINT', assignedToMe: true }, [], {}),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Ready to print (1)' }));
    expect(await screen.findByRole('button', { name: 'Ready to print (1)', pressed: true })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Only orders assigned to me' }));
    expect(await screen.findByText('Nothing assigned to you needs action.')).toBeInTheDocument();
  });

  it('is linked from the dashboard, whose first line counts what needs action', async () => {
    const { user } = renderAdmin('/admin/dashboard', [
      meMock(),
      ordersMock({ orders: [anOrder()] }),
      videoLimitMock(),
      workCountsMock({ TO_START: [3, 1], EMAIL_FAILING: [1, 0] }),
      queueMock({}, [], {}),
    ]);
    const summary = await screen.findByRole('region', { name: 'Needs action' });
    // Its place is held while the counts load, so nothing below it moves when they arrive.
    expect(summary).toHaveTextContent('Checking what needs action…');
    await waitFor(() => expect(summary).toHaveTextContent('4 orders need action, 1 overdue (to start: 3, e-mail failing: 1)'));
    await user.click(within(summary).getByRole('link', { name: 'Open the queue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Needs action' })).toBeInTheDocument();
  });
});
