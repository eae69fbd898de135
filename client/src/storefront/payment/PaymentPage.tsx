import { PlaceholderPage } from '../../ui/PlaceholderPage';

export function PaymentPage() {
  return <PlaceholderPage title="Payment" />;
}
