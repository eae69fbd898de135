import { Link } from 'react-router-dom';

/** Shown when rendering a route throws (a bug, or a lazy chunk that failed to load). */
export function RouteErrorPage({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : undefined;

  return (
    <div className="page page--centered">
      <h1>Something went wrong</h1>
      <p>Please refresh the page or try again in a moment.</p>
      {detail && <p className="muted">{detail}</p>}
      <Link to="/" className="button button--primary">
        Back to Home
      </Link>
    </div>
  );
}
