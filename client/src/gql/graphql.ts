/* eslint-disable */
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = T | null | undefined;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A date-time string at UTC, such as 2007-12-03T10:15:30Z, compliant with the `date-time` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.This scalar is serialized to a string in ISO 8601 format and parsed from a string in ISO 8601 format. */
  DateTimeISO: { input: string; output: string; }
  /** The `Upload` scalar type represents a file upload. */
  Upload: { input: File | Blob; output: never; }
};

/** digital: a PDF by e-mail; printed: a hardcover shipped. */
export type BookFormat =
  | 'digital'
  | 'printed';

/** What the parent typed in the order form. The photo travels beside it as `childPhoto`. */
export type CreateOrderInput = {
  /** `digital` or `printed`. */
  bookFormat: Scalars['String']['input'];
  /** Printed books: one of catalogue.bookStyles[].value. */
  bookStyle?: InputMaybe<Scalars['String']['input']>;
  /** From catalogue.limits.minChildAge to maxChildAge. */
  childAge: Scalars['Int']['input'];
  /** At most catalogue.limits.childNameMaxLength characters. */
  childName: Scalars['String']['input'];
  email: Scalars['String']['input'];
  /** A life lesson: one of catalogue.lifeLessons[].value. */
  moral: Scalars['String']['input'];
  shippingAddress?: InputMaybe<ShippingAddressInput>;
  /** Optional; at most catalogue.limits.storyIdeaMaxLength characters. */
  storyIdea?: InputMaybe<Scalars['String']['input']>;
};

/** Pending until paid; Paid until the admin delivers the video; then Completed. */
export type OrderStatus =
  | 'Completed'
  | 'Paid'
  | 'Pending';

/** stripe: real payments with Stripe; sandbox: the offline test provider (never in production). */
export type PaymentProviderName =
  | 'sandbox'
  | 'stripe';

/** A printed book's delivery address (required for printed books; state is optional). */
export type ShippingAddressInput = {
  city?: InputMaybe<Scalars['String']['input']>;
  /** One of catalogue.shippingCountries. */
  country?: InputMaybe<Scalars['String']['input']>;
  fullName?: InputMaybe<Scalars['String']['input']>;
  state?: InputMaybe<Scalars['String']['input']>;
  streetAddress?: InputMaybe<Scalars['String']['input']>;
  zipCode?: InputMaybe<Scalars['String']['input']>;
};

export type ShopPixelQueryVariables = Exact<{ [key: string]: never; }>;


export type ShopPixelQuery = { __typename?: 'Query', shopConfig: { __typename?: 'ShopConfig', pixelId?: string | null } };

export type OrderFormCatalogueQueryVariables = Exact<{ [key: string]: never; }>;


export type OrderFormCatalogueQuery = { __typename?: 'Query', catalogue: { __typename?: 'Catalogue', currency: string, shippingCountries: Array<string>, plans: Array<{ __typename?: 'Plan', format: BookFormat, title: string, priceCents: number, recommended: boolean, delivery: string }>, lifeLessons: Array<{ __typename?: 'LifeLesson', value: string, label: string, emoji: string }>, bookStyles: Array<{ __typename?: 'BookStyleOption', value: string, label: string }>, limits: { __typename?: 'OrderLimits', minChildAge: number, maxChildAge: number, childNameMaxLength: number, storyIdeaMaxLength: number, photoMaxBytes: number } } };

export type CreateOrderMutationVariables = Exact<{
  input: CreateOrderInput;
  childPhoto: Scalars['Upload']['input'];
}>;


export type CreateOrderMutation = { __typename?: 'Mutation', createOrder: { __typename?: 'CreateOrderPayload', orderId?: string | null, checkoutToken?: string | null, order?: { __typename?: 'CheckoutOrder', id: string, amountCents: number, currency: string, bookFormat: BookFormat } | null, userErrors: Array<{ __typename?: 'UserError', field?: string | null, message: string }> } };

export type PricingPlansQueryVariables = Exact<{ [key: string]: never; }>;


export type PricingPlansQuery = { __typename?: 'Query', catalogue: { __typename?: 'Catalogue', currency: string, plans: Array<{ __typename?: 'Plan', format: BookFormat, title: string, priceCents: number, recommended: boolean, description: string, features: Array<string> }> } };

export type CheckoutOrderQueryVariables = Exact<{
  orderId: Scalars['ID']['input'];
  checkoutToken: Scalars['String']['input'];
}>;


export type CheckoutOrderQuery = { __typename?: 'Query', checkoutOrder?: { __typename?: 'CheckoutOrder', id: string, title: string, bookFormat: BookFormat, amountCents: number, currency: string, status: OrderStatus, childName: string } | null, catalogue: { __typename?: 'Catalogue', plans: Array<{ __typename?: 'Plan', format: BookFormat, delivery: string }> } };

export type StartPaymentMutationVariables = Exact<{
  orderId: Scalars['ID']['input'];
  checkoutToken: Scalars['String']['input'];
}>;


export type StartPaymentMutation = { __typename?: 'Mutation', startPayment: { __typename?: 'StartPaymentPayload', provider?: PaymentProviderName | null, paymentId?: string | null, clientSecret?: string | null, publishableKey?: string | null, amountCents?: number | null, currency?: string | null, userErrors: Array<{ __typename?: 'UserError', field?: string | null, message: string }> } };

export type ConfirmSandboxPaymentMutationVariables = Exact<{
  orderId: Scalars['ID']['input'];
  checkoutToken: Scalars['String']['input'];
  paymentId: Scalars['String']['input'];
  cardNumber: Scalars['String']['input'];
}>;


export type ConfirmSandboxPaymentMutation = { __typename?: 'Mutation', confirmSandboxPayment: { __typename?: 'ConfirmSandboxPaymentPayload', succeeded: boolean, userErrors: Array<{ __typename?: 'UserError', field?: string | null, message: string }> } };

export type RecordPaymentMutationVariables = Exact<{
  orderId: Scalars['ID']['input'];
  checkoutToken: Scalars['String']['input'];
  paymentId: Scalars['String']['input'];
}>;


export type RecordPaymentMutation = { __typename?: 'Mutation', recordPayment: { __typename?: 'RecordPaymentPayload', order?: { __typename?: 'CheckoutOrder', id: string, status: OrderStatus } | null, userErrors: Array<{ __typename?: 'UserError', field?: string | null, message: string }> } };

export type SubscribeNewsletterMutationVariables = Exact<{
  email: Scalars['String']['input'];
}>;


export type SubscribeNewsletterMutation = { __typename?: 'Mutation', subscribeNewsletter: { __typename?: 'SubscribeNewsletterPayload', subscribed: boolean, userErrors: Array<{ __typename?: 'UserError', field?: string | null, message: string }> } };


export const ShopPixelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ShopPixel"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"shopConfig"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pixelId"}}]}}]}}]} as unknown as DocumentNode<ShopPixelQuery, ShopPixelQueryVariables>;
export const OrderFormCatalogueDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OrderFormCatalogue"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"catalogue"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"plans"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"priceCents"}},{"kind":"Field","name":{"kind":"Name","value":"recommended"}},{"kind":"Field","name":{"kind":"Name","value":"delivery"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lifeLessons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"emoji"}}]}},{"kind":"Field","name":{"kind":"Name","value":"bookStyles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"shippingCountries"}},{"kind":"Field","name":{"kind":"Name","value":"limits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minChildAge"}},{"kind":"Field","name":{"kind":"Name","value":"maxChildAge"}},{"kind":"Field","name":{"kind":"Name","value":"childNameMaxLength"}},{"kind":"Field","name":{"kind":"Name","value":"storyIdeaMaxLength"}},{"kind":"Field","name":{"kind":"Name","value":"photoMaxBytes"}}]}}]}}]}}]} as unknown as DocumentNode<OrderFormCatalogueQuery, OrderFormCatalogueQueryVariables>;
export const CreateOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateOrderInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"childPhoto"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Upload"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"childPhoto"},"value":{"kind":"Variable","name":{"kind":"Name","value":"childPhoto"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"checkoutToken"}},{"kind":"Field","name":{"kind":"Name","value":"order"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"amountCents"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"bookFormat"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<CreateOrderMutation, CreateOrderMutationVariables>;
export const PricingPlansDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PricingPlans"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"catalogue"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"plans"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"priceCents"}},{"kind":"Field","name":{"kind":"Name","value":"recommended"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"features"}}]}}]}}]}}]} as unknown as DocumentNode<PricingPlansQuery, PricingPlansQueryVariables>;
export const CheckoutOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CheckoutOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"checkoutToken"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkoutOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"orderId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}}},{"kind":"Argument","name":{"kind":"Name","value":"checkoutToken"},"value":{"kind":"Variable","name":{"kind":"Name","value":"checkoutToken"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"bookFormat"}},{"kind":"Field","name":{"kind":"Name","value":"amountCents"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"childName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"catalogue"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"plans"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"delivery"}}]}}]}}]}}]} as unknown as DocumentNode<CheckoutOrderQuery, CheckoutOrderQueryVariables>;
export const StartPaymentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"StartPayment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"checkoutToken"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startPayment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"orderId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}}},{"kind":"Argument","name":{"kind":"Name","value":"checkoutToken"},"value":{"kind":"Variable","name":{"kind":"Name","value":"checkoutToken"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"paymentId"}},{"kind":"Field","name":{"kind":"Name","value":"clientSecret"}},{"kind":"Field","name":{"kind":"Name","value":"publishableKey"}},{"kind":"Field","name":{"kind":"Name","value":"amountCents"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<StartPaymentMutation, StartPaymentMutationVariables>;
export const ConfirmSandboxPaymentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConfirmSandboxPayment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"checkoutToken"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"paymentId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cardNumber"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"confirmSandboxPayment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"orderId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}}},{"kind":"Argument","name":{"kind":"Name","value":"checkoutToken"},"value":{"kind":"Variable","name":{"kind":"Name","value":"checkoutToken"}}},{"kind":"Argument","name":{"kind":"Name","value":"paymentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"paymentId"}}},{"kind":"Argument","name":{"kind":"Name","value":"cardNumber"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cardNumber"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"succeeded"}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<ConfirmSandboxPaymentMutation, ConfirmSandboxPaymentMutationVariables>;
export const RecordPaymentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RecordPayment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"checkoutToken"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"paymentId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recordPayment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"orderId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}}},{"kind":"Argument","name":{"kind":"Name","value":"checkoutToken"},"value":{"kind":"Variable","name":{"kind":"Name","value":"checkoutToken"}}},{"kind":"Argument","name":{"kind":"Name","value":"paymentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"paymentId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"order"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<RecordPaymentMutation, RecordPaymentMutationVariables>;
export const SubscribeNewsletterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SubscribeNewsletter"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscribeNewsletter"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscribed"}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<SubscribeNewsletterMutation, SubscribeNewsletterMutationVariables>;