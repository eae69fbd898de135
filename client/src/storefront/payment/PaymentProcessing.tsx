/**
 * The spinner while the provider takes the payment and we record it. The live region is
 * always in the page, so its text is announced the moment it appears.
 */
export function PaymentProcessing({ active }: { active: boolean }) {
  return (
    <div className="payment-processing" role="status" aria-live="polite">
      {active && (
        <>
          <span className="payment-processing__spinner" aria-hidden="true" />
          <span>Processing your payment...</span>
        </>
      )}
    </div>
  );
}
