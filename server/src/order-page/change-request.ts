/**
 * The parent's request for a change to the delivered book, as the admin sees it: the latest
 * `change_requested` event that no later `delivery_revised` has answered.
 */
import { Field, ObjectType } from 'type-graphql';
import type { OrderEvent } from '../orders/order-event.entity';

export const CHANGE_REQUESTED_EVENT = 'change_requested';
export const DELIVERY_REVISED_EVENT = 'delivery_revised';

@ObjectType({ description: "The parent's request for a change to the delivered book, not yet answered by a revision." })
export class ChangeRequest {
  @Field({ description: 'What the parent asked for, as typed.' })
  message: string;

  @Field()
  requestedAt: Date;
}

/** `events` oldest first, as the order's history lists them. */
export function openChangeRequest(events: readonly OrderEvent[]): ChangeRequest | null {
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index];
    if (event.type === DELIVERY_REVISED_EVENT) return null;
    if (event.type === CHANGE_REQUESTED_EVENT) {
      const message = event.data?.message;
      return { message: typeof message === 'string' ? message : '', requestedAt: event.createdAt };
    }
  }
  return null;
}
