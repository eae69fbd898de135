import { PlaceholderPage } from '../ui/PlaceholderPage';

export function AdminDashboardPage() {
  return <PlaceholderPage title="Admin Dashboard" />;
}
