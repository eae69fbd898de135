import type DataLoader from 'dataloader';
import type { Request, Response } from 'express';
import type { AdminUser } from '../admin/admin-user.entity';
import type { OutboxEmail } from '../mail/outbox-email.entity';
import type { OrderEvent } from '../orders/order-event.entity';

/** Per-request GraphQL context. The admin is looked up lazily, once, from the session cookie. */
export interface Context {
  req: Request;
  res: Response;
  /** The signed-in admin, or null. */
  admin(): Promise<AdminUser | null>;
  /** createOrder calls so far in this request: aliases must not turn one upload into many orders. */
  ordersCreated: number;
  /** Per-request batching, so a page of orders loads its events in one query. */
  loaders: {
    orderEvents: DataLoader<string, OrderEvent[]>;
    orderEmails: DataLoader<string, OutboxEmail[]>;
  };
}
