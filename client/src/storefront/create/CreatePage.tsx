import { useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router-dom';

import { PageTitle } from '../../ui/PageTitle';
import { Spinner } from '../../ui/Spinner';
import './create-page.css';
import { ORDER_FORM_CATALOGUE_QUERY } from './order-form-operations';
import { isBookFormat } from './order-form-values';
import { OrderForm } from './OrderForm';
import { TrustNotes } from './TrustNotes';
import { ORDER_TIME_SENTENCE } from '../../ui/order-time';

export function CreatePage() {
  const [searchParams] = useSearchParams();
  const type = searchParams.get('type');
  // ?type=digital|printed (from the pricing cards) wins; otherwise start on digital.
  const initialFormat = isBookFormat(type) ? type : 'digital';
  const { data, loading, refetch } = useQuery(ORDER_FORM_CATALOGUE_QUERY);

  let body;
  if (data) {
    body = (
      <OrderForm catalogue={data.catalogue} initialFormat={initialFormat} formatFromLink={isBookFormat(type) ? type : null} />
    );
  } else if (loading) {
    body = <Spinner label="Loading the order form…" />;
  } else {
    body = (
      <div className="create-page__load-error" role="alert">
        <p>We couldn't load the order form right now. Please check your connection and try again.</p>
        <button type="button" className="button button--secondary" onClick={() => refetch().catch(() => undefined)}>
          Try Again
        </button>
      </div>
    );
  }

  return (
    <div className="create-page">
      <PageTitle>Create Your Child's Storybook</PageTitle>
      <header className="create-page__header">
        <h1 className="create-page__title">Create Your Child's Storybook</h1>
        <p className="create-page__intro">
          Tell us about your little hero and we'll make them the star of their very own illustrated story. {ORDER_TIME_SENTENCE}
        </p>
        <TrustNotes />
      </header>
      {body}
    </div>
  );
}
