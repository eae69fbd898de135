/**
 * The parent's request for a change to the delivered book, as the admin sees it: the latest
 * `change_requested` event that no later revision (`delivery_revised`), reply
 * (`change_answered`) or decline (`change_declined`) has answered.
 */
import { Field, ObjectType } from 'type-graphql';
import type { OrderEvent } from '../orders/order-event.entity';

export const CHANGE_REQUESTED_EVENT = 'change_requested';
export const DELIVERY_REVISED_EVENT = 'delivery_revised';
export const CHANGE_ANSWERED_EVENT = 'change_answered';
export const CHANGE_DECLINED_EVENT = 'change_declined';

/** The events that answer an open request. */
const ANSWERS: ReadonlySet<string> = new Set([DELIVERY_REVISED_EVENT, CHANGE_ANSWERED_EVENT, CHANGE_DECLINED_EVENT]);

@ObjectType({
  description: "The parent's request for a change to the delivered book, not yet answered (revision, reply or decline).",
})
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
    if (ANSWERS.has(event.type)) return null;
    if (event.type === CHANGE_REQUESTED_EVENT) {
      const message = event.data?.message;
      return { message: typeof message === 'string' ? message : '', requestedAt: event.createdAt };
    }
  }
  return null;
}
