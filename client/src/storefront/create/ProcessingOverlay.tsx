/** Covers the page while the order is sent and during the short wait before payment. */
export function ProcessingOverlay() {
  return (
    <div className="processing-overlay" role="status" aria-live="polite">
      <div className="processing-overlay__card">
        <span className="processing-overlay__spinner" aria-hidden="true" />
        <h2 className="processing-overlay__title">Processing Your Order</h2>
        <p className="processing-overlay__text">
          We're saving your child's details and getting secure checkout ready. Please keep this page open.
        </p>
      </div>
    </div>
  );
}
