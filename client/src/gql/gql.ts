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
    "\n  query AdminsList {\n    admins {\n      id\n      email\n      createdAt\n      lastLoginAt\n      disabledAt\n    }\n  }\n": typeof types.AdminsListDocument,
    "\n  mutation InviteAdmin($email: String!) {\n    inviteAdmin(email: $email) {\n      invitation {\n        email\n        expiresAt\n        link\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.InviteAdminDocument,
    "\n  mutation DisableAdmin($adminId: ID!) {\n    disableAdmin(adminId: $adminId) {\n      admin {\n        id\n        disabledAt\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.DisableAdminDocument,
    "\n  mutation EnableAdmin($adminId: ID!) {\n    enableAdmin(adminId: $adminId) {\n      admin {\n        id\n        disabledAt\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.EnableAdminDocument,
    "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {\n      admin {\n        id\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.ChangePasswordDocument,
    "\n  query AdminInvitation($token: String!) {\n    adminInvitation(token: $token) {\n      email\n    }\n  }\n": typeof types.AdminInvitationDocument,
    "\n  mutation AcceptAdminInvitation($token: String!, $password: String!) {\n    acceptAdminInvitation(token: $token, password: $password) {\n      admin {\n        id\n        email\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.AcceptAdminInvitationDocument,
    "\n  fragment OrderRow on Order {\n    id\n    childName\n    email\n    bookFormat\n    moral\n    status\n    createdAt\n    photoUrl\n    videoUrl\n    shippingCarrier\n    trackingNumber\n    trackingUrl\n    shippedAt\n    paymentAlerts {\n      paymentId\n    }\n    pdfUrl\n    changeRequest {\n      message\n      requestedAt\n    }\n  }\n": typeof types.OrderRowFragmentDoc,
    "\n  query AdminOrders($status: OrderStatus, $search: String, $first: Int, $after: String) {\n    orders(status: $status, search: $search, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...OrderRow\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      totalCount\n    }\n  }\n": typeof types.AdminOrdersDocument,
    "\n  fragment OrderDetail on Order {\n    ...OrderRow\n    childAge\n    storyIdea\n    bookStyle\n    shippingAddress {\n      fullName\n      streetAddress\n      city\n      state\n      zipCode\n      country\n    }\n    amountCents\n    currency\n    paymentProvider\n    paymentId\n    updatedAt\n    paidAt\n    completedAt\n    ...OrderFulfilment\n    events {\n      id\n      type\n      fromStatus\n      toStatus\n      actor\n      createdAt\n    }\n    emails {\n      id\n      template\n      toAddress\n      subject\n      status\n      attempts\n      lastError\n      createdAt\n      sentAt\n      text\n    }\n  }\n": typeof types.OrderDetailFragmentDoc,
    "\n  query AdminOrderDetail($id: ID!) {\n    order(id: $id) {\n      ...OrderDetail\n    }\n  }\n": typeof types.AdminOrderDetailDocument,
    "\n  mutation ResendDeliveryEmail($orderId: ID!) {\n    resendDeliveryEmail(orderId: $orderId) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": typeof types.ResendDeliveryEmailDocument,
    "\n  fragment OrderFulfilment on Order {\n    id\n    status\n    bookFormat\n    email\n    amountCents\n    currency\n    shippingCarrier\n    trackingNumber\n    trackingUrl\n    shippedAt\n    cancelledAt\n    refundedAt\n    paymentAlerts {\n      paymentId\n      amountCents\n      reason\n      createdAt\n    }\n  }\n": typeof types.OrderFulfilmentFragmentDoc,
    "\n  mutation ShipOrder($orderId: ID!, $carrier: String!, $trackingNumber: String!) {\n    shipOrder(orderId: $orderId, carrier: $carrier, trackingNumber: $trackingNumber) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.ShipOrderDocument,
    "\n  mutation RefundOrder($orderId: ID!, $reason: String!) {\n    refundOrder(orderId: $orderId, reason: $reason) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.RefundOrderDocument,
    "\n  mutation RefundExtraCharge($orderId: ID!, $paymentId: String!) {\n    refundExtraCharge(orderId: $orderId, paymentId: $paymentId) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.RefundExtraChargeDocument,
    "\n  mutation CancelOrder($orderId: ID!) {\n    cancelOrder(orderId: $orderId) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.CancelOrderDocument,
    "\n  query AdminMe {\n    me {\n      id\n      email\n    }\n  }\n": typeof types.AdminMeDocument,
    "\n  mutation AdminLogin($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      admin {\n        id\n        email\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": typeof types.AdminLoginDocument,
    "\n  mutation AdminLogout {\n    logout\n  }\n": typeof types.AdminLogoutDocument,
    "\n  mutation CompleteOrderWithVideo($orderId: ID!, $video: Upload!, $storybookPdf: Upload) {\n    completeOrderWithVideo(orderId: $orderId, video: $video, storybookPdf: $storybookPdf) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.CompleteOrderWithVideoDocument,
    "\n  mutation ReviseDelivery($orderId: ID!, $video: Upload, $storybookPdf: Upload) {\n    reviseDelivery(orderId: $orderId, video: $video, storybookPdf: $storybookPdf) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.ReviseDeliveryDocument,
    "\n  query VideoUploadLimit {\n    shopConfig {\n      videoMaxBytes\n      pdfMaxBytes\n      emailSending\n    }\n  }\n": typeof types.VideoUploadLimitDocument,
    "\n  query ShopPixel {\n    shopConfig {\n      pixelId\n    }\n  }\n": typeof types.ShopPixelDocument,
    "\n  query OrderFormCatalogue {\n    catalogue {\n      currency\n      plans {\n        format\n        title\n        priceCents\n        recommended\n        delivery\n      }\n      lifeLessons {\n        value\n        label\n        emoji\n      }\n      bookStyles {\n        value\n        label\n      }\n      shippingCountries\n      limits {\n        minChildAge\n        maxChildAge\n        childNameMaxLength\n        storyIdeaMaxLength\n        emailMaxLength\n        photoMaxBytes\n      }\n    }\n  }\n": typeof types.OrderFormCatalogueDocument,
    "\n  mutation CreateOrder($input: CreateOrderInput!, $childPhoto: Upload!) {\n    createOrder(input: $input, childPhoto: $childPhoto) {\n      orderId\n      checkoutToken\n      order {\n        id\n        amountCents\n        currency\n        bookFormat\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": typeof types.CreateOrderDocument,
    "\n  query PricingPlans {\n    catalogue {\n      currency\n      plans {\n        format\n        title\n        priceCents\n        recommended\n        description\n        features\n      }\n    }\n  }\n": typeof types.PricingPlansDocument,
    "\n  query CheckoutOrder($orderId: ID!, $checkoutToken: String!) {\n    checkoutOrder(orderId: $orderId, checkoutToken: $checkoutToken) {\n      id\n      title\n      bookFormat\n      amountCents\n      currency\n      status\n      childName\n    }\n    catalogue {\n      plans {\n        format\n        delivery\n      }\n    }\n  }\n": typeof types.CheckoutOrderDocument,
    "\n  mutation StartPayment($orderId: ID!, $checkoutToken: String!) {\n    startPayment(orderId: $orderId, checkoutToken: $checkoutToken) {\n      provider\n      paymentId\n      clientSecret\n      publishableKey\n      amountCents\n      currency\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.StartPaymentDocument,
    "\n  mutation ConfirmSandboxPayment($orderId: ID!, $checkoutToken: String!, $paymentId: String!, $cardNumber: String!) {\n    confirmSandboxPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId, cardNumber: $cardNumber) {\n      succeeded\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.ConfirmSandboxPaymentDocument,
    "\n  mutation RecordPayment($orderId: ID!, $checkoutToken: String!, $paymentId: String!) {\n    recordPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId) {\n      order {\n        id\n        status\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.RecordPaymentDocument,
    "\n  query VideoDelivery($token: String!) {\n    videoDelivery(token: $token) {\n      childName\n      expiresAt\n      watchUrl\n      downloadUrl\n      contentType\n      pdfUrl\n    }\n  }\n": typeof types.VideoDeliveryDocument,
    "\n  mutation SubscribeNewsletter($email: String!) {\n    subscribeNewsletter(email: $email) {\n      subscribed\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": typeof types.SubscribeNewsletterDocument,
    "\n  fragment UserErrorFields on UserError {\n    code\n    field\n    message\n  }\n": typeof types.UserErrorFieldsFragmentDoc,
};
const documents: Documents = {
    "\n  query AdminsList {\n    admins {\n      id\n      email\n      createdAt\n      lastLoginAt\n      disabledAt\n    }\n  }\n": types.AdminsListDocument,
    "\n  mutation InviteAdmin($email: String!) {\n    inviteAdmin(email: $email) {\n      invitation {\n        email\n        expiresAt\n        link\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.InviteAdminDocument,
    "\n  mutation DisableAdmin($adminId: ID!) {\n    disableAdmin(adminId: $adminId) {\n      admin {\n        id\n        disabledAt\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.DisableAdminDocument,
    "\n  mutation EnableAdmin($adminId: ID!) {\n    enableAdmin(adminId: $adminId) {\n      admin {\n        id\n        disabledAt\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.EnableAdminDocument,
    "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {\n      admin {\n        id\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.ChangePasswordDocument,
    "\n  query AdminInvitation($token: String!) {\n    adminInvitation(token: $token) {\n      email\n    }\n  }\n": types.AdminInvitationDocument,
    "\n  mutation AcceptAdminInvitation($token: String!, $password: String!) {\n    acceptAdminInvitation(token: $token, password: $password) {\n      admin {\n        id\n        email\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.AcceptAdminInvitationDocument,
    "\n  fragment OrderRow on Order {\n    id\n    childName\n    email\n    bookFormat\n    moral\n    status\n    createdAt\n    photoUrl\n    videoUrl\n    shippingCarrier\n    trackingNumber\n    trackingUrl\n    shippedAt\n    paymentAlerts {\n      paymentId\n    }\n    pdfUrl\n    changeRequest {\n      message\n      requestedAt\n    }\n  }\n": types.OrderRowFragmentDoc,
    "\n  query AdminOrders($status: OrderStatus, $search: String, $first: Int, $after: String) {\n    orders(status: $status, search: $search, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...OrderRow\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      totalCount\n    }\n  }\n": types.AdminOrdersDocument,
    "\n  fragment OrderDetail on Order {\n    ...OrderRow\n    childAge\n    storyIdea\n    bookStyle\n    shippingAddress {\n      fullName\n      streetAddress\n      city\n      state\n      zipCode\n      country\n    }\n    amountCents\n    currency\n    paymentProvider\n    paymentId\n    updatedAt\n    paidAt\n    completedAt\n    ...OrderFulfilment\n    events {\n      id\n      type\n      fromStatus\n      toStatus\n      actor\n      createdAt\n    }\n    emails {\n      id\n      template\n      toAddress\n      subject\n      status\n      attempts\n      lastError\n      createdAt\n      sentAt\n      text\n    }\n  }\n": types.OrderDetailFragmentDoc,
    "\n  query AdminOrderDetail($id: ID!) {\n    order(id: $id) {\n      ...OrderDetail\n    }\n  }\n": types.AdminOrderDetailDocument,
    "\n  mutation ResendDeliveryEmail($orderId: ID!) {\n    resendDeliveryEmail(orderId: $orderId) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": types.ResendDeliveryEmailDocument,
    "\n  fragment OrderFulfilment on Order {\n    id\n    status\n    bookFormat\n    email\n    amountCents\n    currency\n    shippingCarrier\n    trackingNumber\n    trackingUrl\n    shippedAt\n    cancelledAt\n    refundedAt\n    paymentAlerts {\n      paymentId\n      amountCents\n      reason\n      createdAt\n    }\n  }\n": types.OrderFulfilmentFragmentDoc,
    "\n  mutation ShipOrder($orderId: ID!, $carrier: String!, $trackingNumber: String!) {\n    shipOrder(orderId: $orderId, carrier: $carrier, trackingNumber: $trackingNumber) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.ShipOrderDocument,
    "\n  mutation RefundOrder($orderId: ID!, $reason: String!) {\n    refundOrder(orderId: $orderId, reason: $reason) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.RefundOrderDocument,
    "\n  mutation RefundExtraCharge($orderId: ID!, $paymentId: String!) {\n    refundExtraCharge(orderId: $orderId, paymentId: $paymentId) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.RefundExtraChargeDocument,
    "\n  mutation CancelOrder($orderId: ID!) {\n    cancelOrder(orderId: $orderId) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.CancelOrderDocument,
    "\n  query AdminMe {\n    me {\n      id\n      email\n    }\n  }\n": types.AdminMeDocument,
    "\n  mutation AdminLogin($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      admin {\n        id\n        email\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": types.AdminLoginDocument,
    "\n  mutation AdminLogout {\n    logout\n  }\n": types.AdminLogoutDocument,
    "\n  mutation CompleteOrderWithVideo($orderId: ID!, $video: Upload!, $storybookPdf: Upload) {\n    completeOrderWithVideo(orderId: $orderId, video: $video, storybookPdf: $storybookPdf) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.CompleteOrderWithVideoDocument,
    "\n  mutation ReviseDelivery($orderId: ID!, $video: Upload, $storybookPdf: Upload) {\n    reviseDelivery(orderId: $orderId, video: $video, storybookPdf: $storybookPdf) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.ReviseDeliveryDocument,
    "\n  query VideoUploadLimit {\n    shopConfig {\n      videoMaxBytes\n      pdfMaxBytes\n      emailSending\n    }\n  }\n": types.VideoUploadLimitDocument,
    "\n  query ShopPixel {\n    shopConfig {\n      pixelId\n    }\n  }\n": types.ShopPixelDocument,
    "\n  query OrderFormCatalogue {\n    catalogue {\n      currency\n      plans {\n        format\n        title\n        priceCents\n        recommended\n        delivery\n      }\n      lifeLessons {\n        value\n        label\n        emoji\n      }\n      bookStyles {\n        value\n        label\n      }\n      shippingCountries\n      limits {\n        minChildAge\n        maxChildAge\n        childNameMaxLength\n        storyIdeaMaxLength\n        emailMaxLength\n        photoMaxBytes\n      }\n    }\n  }\n": types.OrderFormCatalogueDocument,
    "\n  mutation CreateOrder($input: CreateOrderInput!, $childPhoto: Upload!) {\n    createOrder(input: $input, childPhoto: $childPhoto) {\n      orderId\n      checkoutToken\n      order {\n        id\n        amountCents\n        currency\n        bookFormat\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": types.CreateOrderDocument,
    "\n  query PricingPlans {\n    catalogue {\n      currency\n      plans {\n        format\n        title\n        priceCents\n        recommended\n        description\n        features\n      }\n    }\n  }\n": types.PricingPlansDocument,
    "\n  query CheckoutOrder($orderId: ID!, $checkoutToken: String!) {\n    checkoutOrder(orderId: $orderId, checkoutToken: $checkoutToken) {\n      id\n      title\n      bookFormat\n      amountCents\n      currency\n      status\n      childName\n    }\n    catalogue {\n      plans {\n        format\n        delivery\n      }\n    }\n  }\n": types.CheckoutOrderDocument,
    "\n  mutation StartPayment($orderId: ID!, $checkoutToken: String!) {\n    startPayment(orderId: $orderId, checkoutToken: $checkoutToken) {\n      provider\n      paymentId\n      clientSecret\n      publishableKey\n      amountCents\n      currency\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.StartPaymentDocument,
    "\n  mutation ConfirmSandboxPayment($orderId: ID!, $checkoutToken: String!, $paymentId: String!, $cardNumber: String!) {\n    confirmSandboxPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId, cardNumber: $cardNumber) {\n      succeeded\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.ConfirmSandboxPaymentDocument,
    "\n  mutation RecordPayment($orderId: ID!, $checkoutToken: String!, $paymentId: String!) {\n    recordPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId) {\n      order {\n        id\n        status\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.RecordPaymentDocument,
    "\n  query VideoDelivery($token: String!) {\n    videoDelivery(token: $token) {\n      childName\n      expiresAt\n      watchUrl\n      downloadUrl\n      contentType\n      pdfUrl\n    }\n  }\n": types.VideoDeliveryDocument,
    "\n  mutation SubscribeNewsletter($email: String!) {\n    subscribeNewsletter(email: $email) {\n      subscribed\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": types.SubscribeNewsletterDocument,
    "\n  fragment UserErrorFields on UserError {\n    code\n    field\n    message\n  }\n": types.UserErrorFieldsFragmentDoc,
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
export function graphql(source: "\n  query AdminsList {\n    admins {\n      id\n      email\n      createdAt\n      lastLoginAt\n      disabledAt\n    }\n  }\n"): (typeof documents)["\n  query AdminsList {\n    admins {\n      id\n      email\n      createdAt\n      lastLoginAt\n      disabledAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InviteAdmin($email: String!) {\n    inviteAdmin(email: $email) {\n      invitation {\n        email\n        expiresAt\n        link\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation InviteAdmin($email: String!) {\n    inviteAdmin(email: $email) {\n      invitation {\n        email\n        expiresAt\n        link\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisableAdmin($adminId: ID!) {\n    disableAdmin(adminId: $adminId) {\n      admin {\n        id\n        disabledAt\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation DisableAdmin($adminId: ID!) {\n    disableAdmin(adminId: $adminId) {\n      admin {\n        id\n        disabledAt\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EnableAdmin($adminId: ID!) {\n    enableAdmin(adminId: $adminId) {\n      admin {\n        id\n        disabledAt\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation EnableAdmin($adminId: ID!) {\n    enableAdmin(adminId: $adminId) {\n      admin {\n        id\n        disabledAt\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {\n      admin {\n        id\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {\n      admin {\n        id\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminInvitation($token: String!) {\n    adminInvitation(token: $token) {\n      email\n    }\n  }\n"): (typeof documents)["\n  query AdminInvitation($token: String!) {\n    adminInvitation(token: $token) {\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcceptAdminInvitation($token: String!, $password: String!) {\n    acceptAdminInvitation(token: $token, password: $password) {\n      admin {\n        id\n        email\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AcceptAdminInvitation($token: String!, $password: String!) {\n    acceptAdminInvitation(token: $token, password: $password) {\n      admin {\n        id\n        email\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrderRow on Order {\n    id\n    childName\n    email\n    bookFormat\n    moral\n    status\n    createdAt\n    photoUrl\n    videoUrl\n    shippingCarrier\n    trackingNumber\n    trackingUrl\n    shippedAt\n    paymentAlerts {\n      paymentId\n    }\n    pdfUrl\n    changeRequest {\n      message\n      requestedAt\n    }\n  }\n"): (typeof documents)["\n  fragment OrderRow on Order {\n    id\n    childName\n    email\n    bookFormat\n    moral\n    status\n    createdAt\n    photoUrl\n    videoUrl\n    shippingCarrier\n    trackingNumber\n    trackingUrl\n    shippedAt\n    paymentAlerts {\n      paymentId\n    }\n    pdfUrl\n    changeRequest {\n      message\n      requestedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminOrders($status: OrderStatus, $search: String, $first: Int, $after: String) {\n    orders(status: $status, search: $search, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...OrderRow\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      totalCount\n    }\n  }\n"): (typeof documents)["\n  query AdminOrders($status: OrderStatus, $search: String, $first: Int, $after: String) {\n    orders(status: $status, search: $search, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...OrderRow\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      totalCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrderDetail on Order {\n    ...OrderRow\n    childAge\n    storyIdea\n    bookStyle\n    shippingAddress {\n      fullName\n      streetAddress\n      city\n      state\n      zipCode\n      country\n    }\n    amountCents\n    currency\n    paymentProvider\n    paymentId\n    updatedAt\n    paidAt\n    completedAt\n    ...OrderFulfilment\n    events {\n      id\n      type\n      fromStatus\n      toStatus\n      actor\n      createdAt\n    }\n    emails {\n      id\n      template\n      toAddress\n      subject\n      status\n      attempts\n      lastError\n      createdAt\n      sentAt\n      text\n    }\n  }\n"): (typeof documents)["\n  fragment OrderDetail on Order {\n    ...OrderRow\n    childAge\n    storyIdea\n    bookStyle\n    shippingAddress {\n      fullName\n      streetAddress\n      city\n      state\n      zipCode\n      country\n    }\n    amountCents\n    currency\n    paymentProvider\n    paymentId\n    updatedAt\n    paidAt\n    completedAt\n    ...OrderFulfilment\n    events {\n      id\n      type\n      fromStatus\n      toStatus\n      actor\n      createdAt\n    }\n    emails {\n      id\n      template\n      toAddress\n      subject\n      status\n      attempts\n      lastError\n      createdAt\n      sentAt\n      text\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminOrderDetail($id: ID!) {\n    order(id: $id) {\n      ...OrderDetail\n    }\n  }\n"): (typeof documents)["\n  query AdminOrderDetail($id: ID!) {\n    order(id: $id) {\n      ...OrderDetail\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResendDeliveryEmail($orderId: ID!) {\n    resendDeliveryEmail(orderId: $orderId) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ResendDeliveryEmail($orderId: ID!) {\n    resendDeliveryEmail(orderId: $orderId) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrderFulfilment on Order {\n    id\n    status\n    bookFormat\n    email\n    amountCents\n    currency\n    shippingCarrier\n    trackingNumber\n    trackingUrl\n    shippedAt\n    cancelledAt\n    refundedAt\n    paymentAlerts {\n      paymentId\n      amountCents\n      reason\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  fragment OrderFulfilment on Order {\n    id\n    status\n    bookFormat\n    email\n    amountCents\n    currency\n    shippingCarrier\n    trackingNumber\n    trackingUrl\n    shippedAt\n    cancelledAt\n    refundedAt\n    paymentAlerts {\n      paymentId\n      amountCents\n      reason\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ShipOrder($orderId: ID!, $carrier: String!, $trackingNumber: String!) {\n    shipOrder(orderId: $orderId, carrier: $carrier, trackingNumber: $trackingNumber) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ShipOrder($orderId: ID!, $carrier: String!, $trackingNumber: String!) {\n    shipOrder(orderId: $orderId, carrier: $carrier, trackingNumber: $trackingNumber) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RefundOrder($orderId: ID!, $reason: String!) {\n    refundOrder(orderId: $orderId, reason: $reason) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RefundOrder($orderId: ID!, $reason: String!) {\n    refundOrder(orderId: $orderId, reason: $reason) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RefundExtraCharge($orderId: ID!, $paymentId: String!) {\n    refundExtraCharge(orderId: $orderId, paymentId: $paymentId) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RefundExtraCharge($orderId: ID!, $paymentId: String!) {\n    refundExtraCharge(orderId: $orderId, paymentId: $paymentId) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelOrder($orderId: ID!) {\n    cancelOrder(orderId: $orderId) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CancelOrder($orderId: ID!) {\n    cancelOrder(orderId: $orderId) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminMe {\n    me {\n      id\n      email\n    }\n  }\n"): (typeof documents)["\n  query AdminMe {\n    me {\n      id\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminLogin($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      admin {\n        id\n        email\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminLogin($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      admin {\n        id\n        email\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminLogout {\n    logout\n  }\n"): (typeof documents)["\n  mutation AdminLogout {\n    logout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CompleteOrderWithVideo($orderId: ID!, $video: Upload!, $storybookPdf: Upload) {\n    completeOrderWithVideo(orderId: $orderId, video: $video, storybookPdf: $storybookPdf) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CompleteOrderWithVideo($orderId: ID!, $video: Upload!, $storybookPdf: Upload) {\n    completeOrderWithVideo(orderId: $orderId, video: $video, storybookPdf: $storybookPdf) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReviseDelivery($orderId: ID!, $video: Upload, $storybookPdf: Upload) {\n    reviseDelivery(orderId: $orderId, video: $video, storybookPdf: $storybookPdf) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ReviseDelivery($orderId: ID!, $video: Upload, $storybookPdf: Upload) {\n    reviseDelivery(orderId: $orderId, video: $video, storybookPdf: $storybookPdf) {\n      order {\n        ...OrderDetail\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query VideoUploadLimit {\n    shopConfig {\n      videoMaxBytes\n      pdfMaxBytes\n      emailSending\n    }\n  }\n"): (typeof documents)["\n  query VideoUploadLimit {\n    shopConfig {\n      videoMaxBytes\n      pdfMaxBytes\n      emailSending\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShopPixel {\n    shopConfig {\n      pixelId\n    }\n  }\n"): (typeof documents)["\n  query ShopPixel {\n    shopConfig {\n      pixelId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrderFormCatalogue {\n    catalogue {\n      currency\n      plans {\n        format\n        title\n        priceCents\n        recommended\n        delivery\n      }\n      lifeLessons {\n        value\n        label\n        emoji\n      }\n      bookStyles {\n        value\n        label\n      }\n      shippingCountries\n      limits {\n        minChildAge\n        maxChildAge\n        childNameMaxLength\n        storyIdeaMaxLength\n        emailMaxLength\n        photoMaxBytes\n      }\n    }\n  }\n"): (typeof documents)["\n  query OrderFormCatalogue {\n    catalogue {\n      currency\n      plans {\n        format\n        title\n        priceCents\n        recommended\n        delivery\n      }\n      lifeLessons {\n        value\n        label\n        emoji\n      }\n      bookStyles {\n        value\n        label\n      }\n      shippingCountries\n      limits {\n        minChildAge\n        maxChildAge\n        childNameMaxLength\n        storyIdeaMaxLength\n        emailMaxLength\n        photoMaxBytes\n      }\n    }\n  }\n"];
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
export function graphql(source: "\n  mutation StartPayment($orderId: ID!, $checkoutToken: String!) {\n    startPayment(orderId: $orderId, checkoutToken: $checkoutToken) {\n      provider\n      paymentId\n      clientSecret\n      publishableKey\n      amountCents\n      currency\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation StartPayment($orderId: ID!, $checkoutToken: String!) {\n    startPayment(orderId: $orderId, checkoutToken: $checkoutToken) {\n      provider\n      paymentId\n      clientSecret\n      publishableKey\n      amountCents\n      currency\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmSandboxPayment($orderId: ID!, $checkoutToken: String!, $paymentId: String!, $cardNumber: String!) {\n    confirmSandboxPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId, cardNumber: $cardNumber) {\n      succeeded\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmSandboxPayment($orderId: ID!, $checkoutToken: String!, $paymentId: String!, $cardNumber: String!) {\n    confirmSandboxPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId, cardNumber: $cardNumber) {\n      succeeded\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RecordPayment($orderId: ID!, $checkoutToken: String!, $paymentId: String!) {\n    recordPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId) {\n      order {\n        id\n        status\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RecordPayment($orderId: ID!, $checkoutToken: String!, $paymentId: String!) {\n    recordPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId) {\n      order {\n        id\n        status\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query VideoDelivery($token: String!) {\n    videoDelivery(token: $token) {\n      childName\n      expiresAt\n      watchUrl\n      downloadUrl\n      contentType\n      pdfUrl\n    }\n  }\n"): (typeof documents)["\n  query VideoDelivery($token: String!) {\n    videoDelivery(token: $token) {\n      childName\n      expiresAt\n      watchUrl\n      downloadUrl\n      contentType\n      pdfUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubscribeNewsletter($email: String!) {\n    subscribeNewsletter(email: $email) {\n      subscribed\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SubscribeNewsletter($email: String!) {\n    subscribeNewsletter(email: $email) {\n      subscribed\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment UserErrorFields on UserError {\n    code\n    field\n    message\n  }\n"): (typeof documents)["\n  fragment UserErrorFields on UserError {\n    code\n    field\n    message\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;