/** The studio's queue as a test reads it: what an order is in the queue for. */
import type { GraphQLClient } from './graphql-client';

const QUEUE = `{ workQueue(first: 100) { items { order { id } reason } } }`;

/** The reasons the order is in the queue for, soonest due first, as `admin` sees them. */
export async function queueReasonsOf(admin: GraphQLClient, orderId: string): Promise<string[]> {
  const items: Array<{ order: { id: string }; reason: string }> = (await admin.query(QUEUE)).data!.workQueue.items;
  return items.filter((item) => item.order.id === orderId).map((item) => item.reason);
}
