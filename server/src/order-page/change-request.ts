/**
 * The parent's request for a change to the delivered book, as the admin sees it: the latest
 * `change_requested` event that no later revision (`delivery_revised`), reply
 * (`change_answered`) or decline (`change_declined`) has answered.
 */
import { Field, ObjectType } from 'type-graphql';
import { STUDIO_PROMISES } from '../catalogue/catalogue';
import { addBusinessDays } from '../common/business-days';
import type { OrderEvent } from '../orders/order-event.entity';
import type { Order } from '../orders/order.entity';
import { isDelivered } from '../orders/order-status';

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

/** How many days after the book reaches the parent they may ask for the free change. */
export const REVISION_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

/** The road a printed book takes after it ships, in business days: what the catalogue promises past the ship-by date. */
const PRINTED_ROAD_BUSINESS_DAYS = STUDIO_PROMISES.printedArriveBusinessDays - STUDIO_PROMISES.printedShipBusinessDays;

/**
 * When the parent's free change round is open: from delivery (the video and files) for 7 days; for a
 * printed book, also for 7 days from when the parcel should arrive (shipping plus the catalogue's
 * days on the road), so the window never closes before the book is in their hands. `open` with no
 * `until`: a printed book delivered but not shipped yet, whose window ends 7 days after it arrives.
 */
export function changeWindow(
  order: Pick<Order, 'status' | 'bookFormat' | 'completedAt' | 'shippedAt'>,
  now = new Date(),
): { open: boolean; until: Date | null } {
  if (!isDelivered(order.status) || !order.completedAt) return { open: false, until: null };
  const fromDelivery = order.completedAt.getTime() + REVISION_WINDOW_DAYS * DAY_MS;
  if (order.bookFormat === 'printed') {
    if (!order.shippedAt) return { open: true, until: null };
    const arrives = addBusinessDays(order.shippedAt, PRINTED_ROAD_BUSINESS_DAYS).getTime();
    const until = new Date(Math.max(fromDelivery, arrives + REVISION_WINDOW_DAYS * DAY_MS));
    return { open: now.getTime() <= until.getTime(), until };
  }
  const until = new Date(fromDelivery);
  return { open: now.getTime() <= until.getTime(), until };
}
