import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { formatPrice } from '../../ui/formatPrice';
import { startAddingBook } from '../checkout-session';
import { REMOVE_CHECKOUT_BOOK_MUTATION } from './payment-operations';

export interface CheckoutBookLine {
  id: string;
  title: string;
  childName: string;
  listPriceCents: number;
  added: boolean;
}

interface CheckoutRef {
  orderId: string;
  checkoutToken: string;
  currency: string;
  /** While a payment is being made, the checkout's books (and with them its price) stay as they are. */
  disabled: boolean;
}

const FAILED = 'We could not take that book out just now. Please try again.';

/**
 * The books of a checkout of several (nothing for one book but the status line), each at the catalogue's price, and what the family discount
 * takes off them together; a book the parent added can be taken out again (the first cannot: it
 * is the checkout). The server prices the books again, and the cache takes its answer.
 */
export function CheckoutBookList({
  books,
  familyDiscountCents,
  orderId,
  checkoutToken,
  currency,
  disabled,
}: CheckoutRef & { books: readonly CheckoutBookLine[]; familyDiscountCents: number }) {
  const [removeBook] = useMutation(REMOVE_CHECKOUT_BOOK_MUTATION);
  const [removing, setRemoving] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  async function remove(book: CheckoutBookLine) {
    setRemoving(book.id);
    setStatus('');
    try {
      const { data, error } = await removeBook({ variables: { orderId, checkoutToken, bookId: book.id } });
      const refusal = data?.removeCheckoutBook.userErrors[0];
      if (error || !data?.removeCheckoutBook.order) setStatus(refusal?.message ?? FAILED);
      else {
        setStatus(`The book starring ${book.childName} was taken out of your checkout.`);
        // Its button is gone (and with one book left, the list): the summary's heading keeps the keyboard.
        document.getElementById('payment-summary-title')?.focus();
      }
    } catch {
      setStatus(FAILED);
    } finally {
      setRemoving(null);
    }
  }

  const several = books.length > 1;
  return (
    <>
      {several && (
        <ul className="checkout-books" aria-label="Books in this checkout">
          {books.map((book) => (
            <li key={book.id} className="checkout-books__book">
              <span className="checkout-books__what">
                <span className="checkout-books__title">{book.title}</span>
                <span className="checkout-books__child">Starring {book.childName}</span>
              </span>
              <span className="checkout-books__price">{formatPrice(book.listPriceCents, currency)}</span>
              {book.added && (
                <button
                  type="button"
                  className="checkout-books__remove"
                  disabled={disabled || removing !== null}
                  aria-label={`Remove the book starring ${book.childName}`}
                  onClick={() => void remove(book)}
                >
                  {removing === book.id ? 'Removing…' : 'Remove'}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {several && familyDiscountCents > 0 && (
        <dl className="payment-summary__discounts">
          <div className="payment-summary__discount payment-summary__discount--code">
            <dt>Family discount</dt>
            <dd>−{formatPrice(familyDiscountCents, currency)}</dd>
          </div>
        </dl>
      )}
      {/* Always in the page (also with one book left), so what it says is announced. */}
      <p className="checkout-books__status" role="status">
        {status}
      </p>
    </>
  );
}

/**
 * "Add another book": the order form opens for a book that joins this tab's checkout, and comes
 * back here once it is made. Offered until the checkout holds the catalogue's most books.
 */
export function AddBookButton({
  books,
  maxBooks,
  description,
  disabled,
}: {
  books: number;
  maxBooks: number;
  description: string;
  disabled: boolean;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  if (books >= maxBooks) return null;
  return (
    <div className="checkout-books__add">
      <button
        type="button"
        className="button button--secondary"
        disabled={disabled}
        onClick={() => {
          startAddingBook(`${location.pathname}${location.search}`);
          navigate('/create?add=1');
        }}
      >
        Add another book
      </button>
      <p className="checkout-books__hint">For a sibling, a cousin or the same child in the other format: {description}.</p>
    </div>
  );
}
