import { useSearchParams } from 'react-router-dom';

import { PlaceholderPage } from '../../ui/PlaceholderPage';

export function CreatePage() {
  const [searchParams] = useSearchParams();
  const type = searchParams.get('type');
  const preselected = type === 'digital' || type === 'printed' ? type : undefined;

  return (
    <PlaceholderPage title="Create Your Storybook">
      {preselected && <p className="muted">Selected format: {preselected}</p>}
    </PlaceholderPage>
  );
}
