import { PlaceholderPage } from '../ui/PlaceholderPage';

export function AdminLoginPage() {
  return <PlaceholderPage title="Admin Login" />;
}
