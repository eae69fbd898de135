import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { PageTitle } from '../../ui/PageTitle';
import { Spinner } from '../../ui/Spinner';
import '../../ui/fields.css';
import './create-page.css';
import { isBookFormat } from './order-form-values';
import { OrderForm } from './OrderForm';
import { TrustNotes } from './TrustNotes';
import { useOrderFormCatalogue } from './use-order-form-catalogue';
import { SampleSpreads } from '../samples/SampleSpreads';
import { ORDER_TIME_SENTENCE } from '../../ui/order-time';
import { type AddingBook, readAddingBook } from '../checkout-session';

export function CreatePage() {
  const [searchParams] = useSearchParams();
  const type = searchParams.get('type');
  // ?type=digital|printed (from the pricing cards) wins; otherwise start on digital.
  const initialFormat = isBookFormat(type) ? type : 'digital';
  const { catalogue, loading, retry } = useOrderFormCatalogue();
  // ?add=1 from the payment page: a book for this tab's checkout. Read after the first render,
  // which is the prerendered page's.
  const addParam = searchParams.get('add') === '1';
  const [adding, setAdding] = useState<AddingBook | null>(null);
  useEffect(() => setAdding(addParam ? readAddingBook() : null), [addParam]);

  let body;
  if (catalogue) {
    body = (
      <OrderForm
        key={adding ? 'adding' : 'new'}
        catalogue={catalogue}
        initialFormat={initialFormat}
        formatFromLink={isBookFormat(type) ? type : null}
        adding={adding}
      />
    );
  } else if (loading) {
    body = <Spinner label="Loading the order form…" />;
  } else {
    body = (
      <div className="create-page__load-error" role="alert">
        <p>We couldn't load the order form right now. Please check your connection and try again.</p>
        <button type="button" className="button button--secondary" onClick={retry}>
          Try Again
        </button>
      </div>
    );
  }

  return (
    <div className="create-page">
      <PageTitle>{adding ? 'Add Another Book' : "Create Your Child's Storybook"}</PageTitle>
      <header className="create-page__header">
        <h1 className="create-page__title">{adding ? 'Add Another Book' : "Create Your Child's Storybook"}</h1>
        <p className="create-page__intro">
          Tell us about your little hero and we'll make them the star of their very own illustrated story. {ORDER_TIME_SENTENCE}
        </p>
        <TrustNotes />
        {/* Closed until asked for: its drawing is fetched only once it is opened. */}
        <details className="create-page__peek">
          <summary>Peek inside a sample book</summary>
          <SampleSpreads headingLevel={2} />
        </details>
      </header>
      {body}
    </div>
  );
}
