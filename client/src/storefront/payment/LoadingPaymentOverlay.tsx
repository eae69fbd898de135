/** Covers the page for a moment after the order form hands over, while payment gets ready. */
export function LoadingPaymentOverlay() {
  return (
    <div className="payment-overlay" role="status" aria-live="polite">
      <div className="payment-overlay__card">
        <span className="payment-overlay__spinner" aria-hidden="true" />
        <h2 className="payment-overlay__title">Loading Payment Options</h2>
        <p className="payment-overlay__text">Getting secure payment ready. This only takes a moment.</p>
      </div>
    </div>
  );
}
