import { AdminInvitation } from '../admin/admin-invitation.entity';
import { AdminSession } from '../admin/admin-session.entity';
import { AdminUser } from '../admin/admin-user.entity';
import { VideoLink } from '../delivery/video-link.entity';
import { OrderDelivery } from '../delivery/order-delivery.entity';
import { VideoUpload } from '../delivery/video-upload.entity';
import { LoginAttempt } from '../admin/login-attempt.entity';
import { OutboxEmail } from '../mail/outbox-email.entity';
import { NewsletterSubscriber } from '../newsletter/newsletter-subscriber.entity';
import { ContactMessage } from '../contact/contact-message.entity';
import { OrderEvent } from '../orders/order-event.entity';
import { PaymentEvent } from '../payments/payment-event.entity';
import { SandboxPayment } from '../payments/sandbox/sandbox-payment.entity';
import { Refund } from '../payments/refund.entity';
import { SandboxRefund } from '../payments/sandbox/sandbox-refund.entity';
import { Order } from '../orders/order.entity';
import { OrderAccessToken } from '../orders/order-access-token.entity';
import { RateLimitCounter } from '../abuse/rate-limit-counter.entity';
import { OrderCount } from '../orders/order-count.entity';
import { OrderAssignment } from '../studio/order-assignment.entity';
import { OrderNote } from '../studio/order-note.entity';
import { WorkCount } from '../studio/work-count.entity';
import { WorkItem } from '../studio/work-item.entity';
import { OrderProof } from '../proofs/order-proof.entity';
import { PrintJob } from '../printing/print-job.entity';
import { DiscountCode } from '../discounts/discount-code.entity';
import { OrderDiscount } from '../discounts/order-discount.entity';

export const entities = [
  Order,
  OrderEvent,
  AdminUser,
  AdminSession,
  LoginAttempt,
  NewsletterSubscriber,
  ContactMessage,
  OutboxEmail,
  PaymentEvent,
  SandboxPayment,
  VideoLink,
  Refund,
  SandboxRefund,
  AdminInvitation,
  OrderDelivery,
  VideoUpload,
  OrderAccessToken,
  RateLimitCounter,
  OrderCount,
  OrderAssignment,
  OrderNote,
  WorkItem,
  WorkCount,
  OrderProof,
  PrintJob,
  DiscountCode,
  OrderDiscount,
];
