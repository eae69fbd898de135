// The admin portal's entry point: routes.tsx imports it lazily, so everything
// reachable from here lands in a separate chunk.
export { AdminRoot } from './AdminRoot';
export { AdminDashboardPage } from './dashboard/AdminDashboardPage';
export { AdminLoginPage } from './login/AdminLoginPage';
export { AdminsPage } from './admins/AdminsPage';
export { AdminInvitePage } from './admins/AdminInvitePage';
export { WorkQueuePage } from './queue/WorkQueuePage';
export { DiscountCodesPage } from './discounts/DiscountCodesPage';
export { ContactMessagesPage } from './messages/ContactMessagesPage';
