// The admin portal's entry point: routes.tsx imports it lazily, so everything
// reachable from here lands in a separate chunk.
export { AdminDashboardPage } from './AdminDashboardPage';
export { AdminLoginPage } from './AdminLoginPage';
