import { PlaceholderPage } from '../../ui/PlaceholderPage';

export function FaqPage() {
  return <PlaceholderPage title="Frequently Asked Questions" />;
}
