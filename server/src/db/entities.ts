import { AdminSession } from '../admin/admin-session.entity';
import { AdminUser } from '../admin/admin-user.entity';
import { LoginAttempt } from '../admin/login-attempt.entity';
import { NewsletterSubscriber } from '../newsletter/newsletter-subscriber.entity';
import { OrderEvent } from '../orders/order-event.entity';
import { Order } from '../orders/order.entity';

export const entities = [Order, OrderEvent, AdminUser, AdminSession, LoginAttempt, NewsletterSubscriber];
