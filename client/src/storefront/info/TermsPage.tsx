import { PlaceholderPage } from '../../ui/PlaceholderPage';

export function TermsPage() {
  return <PlaceholderPage title="Terms of Service" />;
}
