/**
 * Every resolver of the schema, in one list. Each is built once per app from the services:
 * its constructor takes the services it needs by name (`constructor({ orders }: ...)`), so
 * adding a resolver means adding it here and nowhere else.
 */
import { AdminAccountsResolver } from '../admin-api/admin-accounts.resolver';
import { AuthResolver } from '../admin-api/auth.resolver';
import { BackgroundJobsResolver } from '../admin-api/background-jobs.resolver';
import { CatalogueResolver } from '../catalogue/catalogue.resolver';
import type { Services } from '../composition';
import { DeliveryFilesResolver } from '../delivery/delivery-files.resolver';
import { DeliveryResolver } from '../delivery/delivery.resolver';
import { FulfilmentResolver } from '../fulfilment/fulfilment.resolver';
import { NewsletterResolver } from '../newsletter/newsletter.resolver';
import { ContactResolver } from '../contact/contact.resolver';
import { AdminOrderResolver, OrderConnectionResolver } from '../admin-orders/admin-order.resolver';
import { ChangeRequestResolver } from '../order-page/change-request.resolver';
import { CheckoutOrderResolver, OrderPageResolver } from '../order-page/order-page.resolver';
import { OrderResolver } from '../checkout/order.resolver';
import { PaymentResolver } from '../payments/payment.resolver';
import { ShopConfigResolver } from '../shop/shop-config.resolver';
import { StudioResolver, WorkQueueResolver } from '../studio/studio.resolver';
import { ProofsResolver } from '../proofs/proofs.resolver';
import { PrintingResolver } from '../printing/printing.resolver';
import { DiscountCodesResolver } from '../discounts/discount-codes.resolver';
import { DiscountCodeCheckoutResolver } from '../checkout/discount-code.resolver';

export type ResolverClass = new (services: Services) => object;

export const resolvers = [
  CatalogueResolver,
  ShopConfigResolver,
  OrderResolver,
  AdminOrderResolver,
  OrderConnectionResolver,
  AuthResolver,
  NewsletterResolver,
  ContactResolver,
  PaymentResolver,
  DeliveryResolver,
  FulfilmentResolver,
  AdminAccountsResolver,
  DeliveryFilesResolver,
  ChangeRequestResolver,
  OrderPageResolver,
  CheckoutOrderResolver,
  BackgroundJobsResolver,
  StudioResolver,
  WorkQueueResolver,
  ProofsResolver,
  PrintingResolver,
  DiscountCodesResolver,
  DiscountCodeCheckoutResolver,
] as const satisfies readonly ResolverClass[];
