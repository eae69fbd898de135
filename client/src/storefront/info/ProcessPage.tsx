import { PlaceholderPage } from '../../ui/PlaceholderPage';

export function ProcessPage() {
  return <PlaceholderPage title="Our Process" />;
}
