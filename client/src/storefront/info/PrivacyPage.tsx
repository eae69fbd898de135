import { PlaceholderPage } from '../../ui/PlaceholderPage';

export function PrivacyPage() {
  return <PlaceholderPage title="Privacy Policy" />;
}
