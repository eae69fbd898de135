import './star-rating.css';

/** A row of gold stars, read out as one phrase ('Rated 5 out of 5'). */
export function StarRating({ value, max = 5 }: { value: number; max?: number }) {
  return (
    <span className="star-rating" role="img" aria-label={`Rated ${value} out of ${max}`}>
      {Array.from({ length: max }, (_, index) => (
        <svg key={index} width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z"
            fill={index < value ? '#f5a000' : '#e8e2f4'}
          />
        </svg>
      ))}
    </span>
  );
}
