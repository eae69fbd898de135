/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query ShopPixel {\n    shopConfig {\n      pixelId\n    }\n  }\n": typeof types.ShopPixelDocument,
    "\n  query OrderFormCatalogue {\n    catalogue {\n      currency\n      plans {\n        format\n        title\n        priceCents\n        recommended\n        delivery\n      }\n      lifeLessons {\n        value\n        label\n        emoji\n      }\n      bookStyles {\n        value\n        label\n      }\n      shippingCountries\n      limits {\n        minChildAge\n        maxChildAge\n        childNameMaxLength\n        storyIdeaMaxLength\n        photoMaxBytes\n      }\n    }\n  }\n": typeof types.OrderFormCatalogueDocument,
    "\n  mutation CreateOrder($input: CreateOrderInput!, $childPhoto: Upload!) {\n    createOrder(input: $input, childPhoto: $childPhoto) {\n      orderId\n      checkoutToken\n      order {\n        id\n        amountCents\n        currency\n        bookFormat\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": typeof types.CreateOrderDocument,
    "\n  query PricingPlans {\n    catalogue {\n      currency\n      plans {\n        format\n        title\n        priceCents\n        recommended\n        description\n        features\n      }\n    }\n  }\n": typeof types.PricingPlansDocument,
    "\n  query CheckoutOrder($orderId: ID!, $checkoutToken: String!) {\n    checkoutOrder(orderId: $orderId, checkoutToken: $checkoutToken) {\n      id\n      title\n      bookFormat\n      amountCents\n      currency\n      status\n      childName\n    }\n    catalogue {\n      plans {\n        format\n        delivery\n      }\n    }\n  }\n": typeof types.CheckoutOrderDocument,
    "\n  mutation StartPayment($orderId: ID!, $checkoutToken: String!) {\n    startPayment(orderId: $orderId, checkoutToken: $checkoutToken) {\n      provider\n      paymentId\n      clientSecret\n      publishableKey\n      amountCents\n      currency\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": typeof types.StartPaymentDocument,
    "\n  mutation ConfirmSandboxPayment($orderId: ID!, $checkoutToken: String!, $paymentId: String!, $cardNumber: String!) {\n    confirmSandboxPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId, cardNumber: $cardNumber) {\n      succeeded\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": typeof types.ConfirmSandboxPaymentDocument,
    "\n  mutation RecordPayment($orderId: ID!, $checkoutToken: String!, $paymentId: String!) {\n    recordPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId) {\n      order {\n        id\n        status\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": typeof types.RecordPaymentDocument,
    "\n  mutation SubscribeNewsletter($email: String!) {\n    subscribeNewsletter(email: $email) {\n      subscribed\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": typeof types.SubscribeNewsletterDocument,
};
const documents: Documents = {
    "\n  query ShopPixel {\n    shopConfig {\n      pixelId\n    }\n  }\n": types.ShopPixelDocument,
    "\n  query OrderFormCatalogue {\n    catalogue {\n      currency\n      plans {\n        format\n        title\n        priceCents\n        recommended\n        delivery\n      }\n      lifeLessons {\n        value\n        label\n        emoji\n      }\n      bookStyles {\n        value\n        label\n      }\n      shippingCountries\n      limits {\n        minChildAge\n        maxChildAge\n        childNameMaxLength\n        storyIdeaMaxLength\n        photoMaxBytes\n      }\n    }\n  }\n": types.OrderFormCatalogueDocument,
    "\n  mutation CreateOrder($input: CreateOrderInput!, $childPhoto: Upload!) {\n    createOrder(input: $input, childPhoto: $childPhoto) {\n      orderId\n      checkoutToken\n      order {\n        id\n        amountCents\n        currency\n        bookFormat\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": types.CreateOrderDocument,
    "\n  query PricingPlans {\n    catalogue {\n      currency\n      plans {\n        format\n        title\n        priceCents\n        recommended\n        description\n        features\n      }\n    }\n  }\n": types.PricingPlansDocument,
    "\n  query CheckoutOrder($orderId: ID!, $checkoutToken: String!) {\n    checkoutOrder(orderId: $orderId, checkoutToken: $checkoutToken) {\n      id\n      title\n      bookFormat\n      amountCents\n      currency\n      status\n      childName\n    }\n    catalogue {\n      plans {\n        format\n        delivery\n      }\n    }\n  }\n": types.CheckoutOrderDocument,
    "\n  mutation StartPayment($orderId: ID!, $checkoutToken: String!) {\n    startPayment(orderId: $orderId, checkoutToken: $checkoutToken) {\n      provider\n      paymentId\n      clientSecret\n      publishableKey\n      amountCents\n      currency\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": types.StartPaymentDocument,
    "\n  mutation ConfirmSandboxPayment($orderId: ID!, $checkoutToken: String!, $paymentId: String!, $cardNumber: String!) {\n    confirmSandboxPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId, cardNumber: $cardNumber) {\n      succeeded\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": types.ConfirmSandboxPaymentDocument,
    "\n  mutation RecordPayment($orderId: ID!, $checkoutToken: String!, $paymentId: String!) {\n    recordPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId) {\n      order {\n        id\n        status\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": types.RecordPaymentDocument,
    "\n  mutation SubscribeNewsletter($email: String!) {\n    subscribeNewsletter(email: $email) {\n      subscribed\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": types.SubscribeNewsletterDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShopPixel {\n    shopConfig {\n      pixelId\n    }\n  }\n"): (typeof documents)["\n  query ShopPixel {\n    shopConfig {\n      pixelId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrderFormCatalogue {\n    catalogue {\n      currency\n      plans {\n        format\n        title\n        priceCents\n        recommended\n        delivery\n      }\n      lifeLessons {\n        value\n        label\n        emoji\n      }\n      bookStyles {\n        value\n        label\n      }\n      shippingCountries\n      limits {\n        minChildAge\n        maxChildAge\n        childNameMaxLength\n        storyIdeaMaxLength\n        photoMaxBytes\n      }\n    }\n  }\n"): (typeof documents)["\n  query OrderFormCatalogue {\n    catalogue {\n      currency\n      plans {\n        format\n        title\n        priceCents\n        recommended\n        delivery\n      }\n      lifeLessons {\n        value\n        label\n        emoji\n      }\n      bookStyles {\n        value\n        label\n      }\n      shippingCountries\n      limits {\n        minChildAge\n        maxChildAge\n        childNameMaxLength\n        storyIdeaMaxLength\n        photoMaxBytes\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateOrder($input: CreateOrderInput!, $childPhoto: Upload!) {\n    createOrder(input: $input, childPhoto: $childPhoto) {\n      orderId\n      checkoutToken\n      order {\n        id\n        amountCents\n        currency\n        bookFormat\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateOrder($input: CreateOrderInput!, $childPhoto: Upload!) {\n    createOrder(input: $input, childPhoto: $childPhoto) {\n      orderId\n      checkoutToken\n      order {\n        id\n        amountCents\n        currency\n        bookFormat\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PricingPlans {\n    catalogue {\n      currency\n      plans {\n        format\n        title\n        priceCents\n        recommended\n        description\n        features\n      }\n    }\n  }\n"): (typeof documents)["\n  query PricingPlans {\n    catalogue {\n      currency\n      plans {\n        format\n        title\n        priceCents\n        recommended\n        description\n        features\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CheckoutOrder($orderId: ID!, $checkoutToken: String!) {\n    checkoutOrder(orderId: $orderId, checkoutToken: $checkoutToken) {\n      id\n      title\n      bookFormat\n      amountCents\n      currency\n      status\n      childName\n    }\n    catalogue {\n      plans {\n        format\n        delivery\n      }\n    }\n  }\n"): (typeof documents)["\n  query CheckoutOrder($orderId: ID!, $checkoutToken: String!) {\n    checkoutOrder(orderId: $orderId, checkoutToken: $checkoutToken) {\n      id\n      title\n      bookFormat\n      amountCents\n      currency\n      status\n      childName\n    }\n    catalogue {\n      plans {\n        format\n        delivery\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartPayment($orderId: ID!, $checkoutToken: String!) {\n    startPayment(orderId: $orderId, checkoutToken: $checkoutToken) {\n      provider\n      paymentId\n      clientSecret\n      publishableKey\n      amountCents\n      currency\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation StartPayment($orderId: ID!, $checkoutToken: String!) {\n    startPayment(orderId: $orderId, checkoutToken: $checkoutToken) {\n      provider\n      paymentId\n      clientSecret\n      publishableKey\n      amountCents\n      currency\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmSandboxPayment($orderId: ID!, $checkoutToken: String!, $paymentId: String!, $cardNumber: String!) {\n    confirmSandboxPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId, cardNumber: $cardNumber) {\n      succeeded\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmSandboxPayment($orderId: ID!, $checkoutToken: String!, $paymentId: String!, $cardNumber: String!) {\n    confirmSandboxPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId, cardNumber: $cardNumber) {\n      succeeded\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RecordPayment($orderId: ID!, $checkoutToken: String!, $paymentId: String!) {\n    recordPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId) {\n      order {\n        id\n        status\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RecordPayment($orderId: ID!, $checkoutToken: String!, $paymentId: String!) {\n    recordPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId) {\n      order {\n        id\n        status\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubscribeNewsletter($email: String!) {\n    subscribeNewsletter(email: $email) {\n      subscribed\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SubscribeNewsletter($email: String!) {\n    subscribeNewsletter(email: $email) {\n      subscribed\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;