import { Link } from 'react-router-dom';

import { PageTitle } from '../ui/PageTitle';

export function NotFoundPage() {
  return (
    <section className="page page--centered">
      <PageTitle>Page Not Found</PageTitle>
      <h1>Page Not Found</h1>
      <p>Sorry, the page you are looking for does not exist or has been moved.</p>
      <Link to="/" className="button button--primary">
        Back to Home
      </Link>
    </section>
  );
}
