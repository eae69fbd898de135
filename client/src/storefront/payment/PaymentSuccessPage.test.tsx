import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { PaymentSuccessPage } from './PaymentSuccessPage';

const PRINTED = "You'll receive your premium printed storybook in 7-10 business days.";
const DIGITAL = "You'll get your personalized story in 24 hours or less via email.";

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <PaymentSuccessPage />
    </MemoryRouter>,
  );
}

describe('PaymentSuccessPage', () => {
  it('promises the printed book in 7-10 business days with a shipping confirmation', () => {
    renderAt('/payment-success?format=printed');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payment Successful!');
    expect(screen.getByText(PRINTED)).toBeInTheDocument();
    expect(screen.getByText(/shipping confirmation/)).toBeInTheDocument();
    expect(screen.queryByText(DIGITAL)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('promises the digital story within 24 hours and points to inbox and spam', () => {
    renderAt('/payment-success?format=digital');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payment Successful!');
    expect(screen.getByText(DIGITAL)).toBeInTheDocument();
    expect(screen.getByText(/inbox.*download link.*spam/)).toBeInTheDocument();
    expect(screen.queryByText(PRINTED)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('stays neutral without a known format', () => {
    renderAt('/payment-success?format=poster');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payment Successful!');
    expect(screen.queryByText(PRINTED)).not.toBeInTheDocument();
    expect(screen.queryByText(DIGITAL)).not.toBeInTheDocument();
    expect(screen.getByText(/e-mail you with every update/)).toBeInTheDocument();
  });

  it('forgets the paid order in this tab', () => {
    sessionStorage.setItem('paymentOrderId', 'order-1');
    sessionStorage.setItem('checkoutToken', 'secret');
    renderAt('/payment-success?format=digital');
    expect(sessionStorage.getItem('checkoutToken')).toBeNull();
    expect(sessionStorage.getItem('paymentOrderId')).toBeNull();
  });
});
