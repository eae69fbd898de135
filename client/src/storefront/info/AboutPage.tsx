import { PlaceholderPage } from '../../ui/PlaceholderPage';

export function AboutPage() {
  return <PlaceholderPage title="About Us" />;
}
