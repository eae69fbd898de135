import DataLoader from 'dataloader';
import type { Request, Response } from 'express';
import type { Services } from '../composition';
import type { RequestAdmin } from '../http/request-admin';
import type { Context } from '../graphql/context';

/** Fresh batch loaders for one request, so a page of orders loads its events in one query. */
export function requestLoaders(services: Services): Context['loaders'] {
  return {
    orderEvents: new DataLoader((ids) => services.orders.eventsForOrders(ids)),
    orderEmails: new DataLoader((ids) => services.outbox.emailsForOrders(ids)),
  };
}

/** Makes each request's GraphQL context: the admin looked up on demand, fresh batch loaders. */
export function contextFactory(services: Services, requestAdmin: RequestAdmin) {
  return async ({ req, res }: { req: Request; res: Response }): Promise<Context> => ({
    req,
    res,
    admin: () => requestAdmin.of(req),
    ordersCreated: 0,
    loaders: requestLoaders(services),
  });
}
