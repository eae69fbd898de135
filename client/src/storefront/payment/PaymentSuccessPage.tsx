import { Link } from 'react-router-dom';

import { PlaceholderPage } from '../../ui/PlaceholderPage';

export function PaymentSuccessPage() {
  return (
    <PlaceholderPage title="Payment Successful!">
      <Link to="/" className="button button--primary">
        Back to Home
      </Link>
    </PlaceholderPage>
  );
}
