import { PlaceholderPage } from '../../ui/PlaceholderPage';

export function BenefitsPage() {
  return <PlaceholderPage title="Benefits" />;
}
