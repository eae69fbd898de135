import { Link } from 'react-router-dom';

import { SUPPORT_EMAIL } from '../../ui/contact';
import { LegalPage, type LegalSection } from './LegalPage';
import { POLICY_UPDATED } from './policy-date';

const SECTIONS: LegalSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <p>
        These terms apply when you use Storybook Shop and when you order a book from us. By placing an order you agree to them.
        You must be at least 18 years old to order.
      </p>
    ),
  },
  {
    id: 'books',
    title: 'Our books',
    body: (
      <>
        <p>
          We create personalized storybooks for children aged 2 to 12, built around one of eight life lessons. Stories are written
          in English.
        </p>
        <ul>
          <li>
            <strong>Digital Comic Book:</strong> a high-resolution PDF, sent by e-mail.
          </li>
          <li>
            <strong>Premium Printed Storybook:</strong> a hardcover book, printed and shipped to you.
          </li>
        </ul>
        <p>
          Each book is made for one child, so illustrations are an artistic interpretation of your photo: a comic-style likeness
          rather than a photograph.
        </p>
      </>
    ),
  },
  {
    id: 'photos',
    title: 'Photos you upload',
    body: (
      <>
        <p>When you upload a photo you confirm that:</p>
        <ul>
          <li>you are the child's parent or legal guardian, or have their permission to order the book;</li>
          <li>the photo shows the child the book is for, and you have the right to use it;</li>
          <li>it is a JPEG or PNG image of up to 5 MB.</li>
        </ul>
        <p>
          For the best likeness, use a clear, well-lit, front-facing photo of your child alone. We may decline photos that are
          inappropriate for a children's book, or that show someone other than the child; if we do, we will contact you and refund
          any payment. How we handle photos is described in our <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'prices',
    title: 'Prices and payment',
    body: (
      <p>
        Prices are shown in US dollars and are one-time payments, with no subscription. The price of your book is the one shown on
        our pricing cards and on the order form when you order. Payment is taken by card through our payment provider; your order
        is confirmed once the payment succeeds.
      </p>
    ),
  },
  {
    id: 'delivery',
    title: 'Delivery',
    body: (
      <ul>
        <li>
          <strong>Digital books</strong> are sent by e-mail within 24 hours of your order. Please check your spam folder if it has
          not arrived.
        </li>
        <li>
          <strong>Printed books</strong> are printed and shipped in 7-10 business days, to addresses in the United States and
          Canada only. Please check your shipping address carefully: we cannot be responsible for a book sent to an address given
          incorrectly.
        </li>
      </ul>
    ),
  },
  {
    id: 'revisions',
    title: 'Revisions and our satisfaction guarantee',
    body: (
      <>
        <p>
          Every book includes one round of free revisions. Tell us within 7 days of delivery what you would like changed, such as
          a name spelling or a detail in the pictures, and we will update it.
        </p>
        <p>
          If you are not happy with your book, contact us within 7 days of delivery. We will make it right, or refund you. A
          printed book that arrives damaged or with a printing fault is replaced free of charge.
        </p>
      </>
    ),
  },
  {
    id: 'use',
    title: 'Using your book',
    body: (
      <p>
        The story and illustrations made for you are for your family's personal, non-commercial use: read them, share them with
        family and print copies of your digital book at home. Please do not resell them. We will never use your child's book or
        photo in our marketing without your written permission.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use of the shop',
    body: (
      <p>
        Please do not misuse the shop: for example, by uploading content that is unlawful or harmful, trying to access other
        people's orders, or interfering with how the site works.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility',
    body: (
      <p>
        We take great care with every book. To the extent the law allows, our total responsibility for any order is limited to the
        amount you paid for it. Nothing in these terms limits rights you have under consumer protection law.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms from time to time; the date at the top shows the latest version. The terms in force when you
        placed your order apply to that order.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about these terms or your order? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      lead="The simple agreement between your family and Storybook Shop."
      updated={POLICY_UPDATED}
      summary={
        <ul>
          <li>Books for children aged 2 to 12, in English, priced in US dollars and paid once.</li>
          <li>Digital books arrive within 24 hours; printed books in 7-10 business days to the United States and Canada.</li>
          <li>One round of free revisions and a satisfaction guarantee, both within 7 days of delivery.</li>
          <li>Upload only photos of a child you are responsible for, or have permission to use.</li>
        </ul>
      }
      sections={SECTIONS}
    />
  );
}
