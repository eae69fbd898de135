interface OrdersPaginationProps {
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious(): void;
  onNext(): void;
}

/** Previous / Next through the cursor pages; hidden when everything fits on one page. */
export function OrdersPagination({ page, hasPrevious, hasNext, onPrevious, onNext }: OrdersPaginationProps) {
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav className="orders-pagination" aria-label="Orders pages">
      <button type="button" className="button button--secondary button--small" onClick={onPrevious} disabled={!hasPrevious}>
        Previous
      </button>
      <span className="orders-pagination__page" aria-live="polite">
        Page {page}
      </span>
      <button type="button" className="button button--secondary button--small" onClick={onNext} disabled={!hasNext}>
        Next
      </button>
    </nav>
  );
}
