import { Link, useLocation } from 'react-router-dom';

import { PRIVACY_EMAIL } from '../../ui/contact';
import { useScrollToSection } from '../home/use-scroll-to-section';
import { LegalPage, type LegalSection } from './LegalPage';
import { POLICY_UPDATED } from './policy-date';

const SECTIONS: LegalSection[] = [
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <>
        <p>Only what we need to make and deliver your book:</p>
        <ul>
          <li>
            <strong>About your child:</strong> their first name, their age, and the photo you upload.
          </li>
          <li>
            <strong>About the story:</strong> the life lesson you choose, your optional story idea and, for printed books, the
            illustration style.
          </li>
          <li>
            <strong>About you:</strong> your e-mail address and, for printed books, the name and shipping address for delivery.
          </li>
          <li>
            <strong>About your payment:</strong> confirmation from our payment provider that you paid, and how much. Never your
            card number.
          </li>
          <li>
            <strong>Newsletter:</strong> your e-mail address, only if you subscribe in the footer of our site.
          </li>
          <li>
            <strong>Technical logs:</strong> our servers record basic request information, such as IP address and browser type, to
            keep the shop secure and working.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'why-we-use-it',
    title: 'Why we use it',
    body: (
      <ul>
        <li>To write, illustrate and deliver your child's book.</li>
        <li>To e-mail you about your order: the digital book, delivery updates, and answers to your questions.</li>
        <li>To ship printed books to the address you give us.</li>
        <li>To send our newsletter, only if you asked for it.</li>
        <li>To prevent fraud, keep the shop secure, and meet our legal and accounting obligations.</li>
      </ul>
    ),
  },
  {
    id: 'photos',
    title: "Your child's photo",
    body: (
      <>
        <p>We treat your child's photo with particular care:</p>
        <ul>
          <li>We use it only to make your child's book. Never for advertising, never sold, never shown publicly.</li>
          <li>When you upload it, we re-encode the image and strip its hidden metadata, including any location (GPS) data.</li>
          <li>It is stored privately. Only our team can open it, through short-lived links.</li>
          <li>
            We delete it automatically 7 days after your book is delivered (once your revision window has passed), or 30 days
            after an order that was never paid.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'delete-child-data',
    title: "Deleting your child's photo and details",
    body: (
      <>
        <p>
          You do not have to wait for us. Every order has a private order page, linked from each e-mail we send about it. Its
          button <strong>Delete my child's photo and details</strong> asks you to confirm, then:
        </p>
        <ul>
          <li>
            <strong>Deletes at once:</strong> your child's photo, the delivered files (the video and the PDF), your child's name
            and age, the story idea, the dedication, the gift message and the shipping address.
          </li>
          <li>
            <strong>Keeps, for accounting:</strong> the order reference, the amount, the dates, the payment reference and your
            e-mail address, for receipts. Tax and accounting law require us to keep these.
          </li>
        </ul>
        <p>
          We e-mail you to confirm the deletion. Lost the link to your order page? <Link to="/order">Find my order</Link> e-mails
          it to the address you ordered with.
        </p>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <p>
        Payments are handled by our payment provider, over an encrypted connection. Your card details go directly to the provider:
        we never see or store your card number. We receive only a confirmation of the payment, its amount, and a reference we use
        if you contact us about your order. All prices are in US dollars.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>
          We never sell your information. We share it only with the services that help us run the shop, and only what each one
          needs:
        </p>
        <ul>
          <li>our payment provider, to take your payment;</li>
          <li>our printing and shipping partners, for printed books: the name and address on the parcel;</li>
          <li>our e-mail delivery service, to send your book and order e-mails;</li>
          <li>our hosting and storage providers, who keep the shop and its data running securely.</li>
        </ul>
        <p>We may also disclose information when the law requires it.</p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>
          <strong>Your child's photo:</strong> deleted automatically 7 days after delivery, or 30 days after an unpaid order.
        </li>
        <li>
          <strong>Order records</strong> (names, e-mail, address, amount paid): as long as tax and accounting law requires. If you
          delete your child's photo and details from your order page, only the reference, amount, dates, payment reference and
          your e-mail address stay.
        </li>
        <li>
          <strong>Newsletter address:</strong> until you ask us to remove it.
        </li>
        <li>
          <strong>Technical logs:</strong> for a short period, to investigate problems and keep the shop secure.
        </li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and browser storage',
    body: (
      <>
        <p>
          We keep cookies to a minimum. The only cookie we set is a strictly necessary session cookie that keeps our own staff
          signed in to the shop's admin area. Browsing the shop and ordering a book do not need any cookies from us.
        </p>
        <p>
          During checkout, your browser keeps a short-lived reference to your order in its session storage, so the payment page
          can find it. It disappears when you close the tab.
        </p>
        <p>
          We do not use analytics or advertising cookies. If we ever do, we will ask for your consent first, and they will stay
          off unless you agree.
        </p>
        <p>
          The sample video on our home page is served by us, like the rest of the site, and loads only when you press play.
          Nothing on our pages comes from a video service.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: "Children's privacy",
    body: (
      <p>
        Our shop is for parents, guardians and gift-givers, not for children to use on their own. Please only upload a photo of a
        child if you are their parent or guardian, or have their parent's or guardian's permission. We do not knowingly collect
        information directly from children.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        Every page and payment travels over an encrypted (HTTPS) connection. Photos and files are stored privately and opened only
        through short-lived links; access is limited to the people who make and support your book.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>You can ask us at any time to:</p>
        <ul>
          <li>see the information we hold about you and your child;</li>
          <li>correct anything that is wrong;</li>
          <li>
            delete your information, including your child's photo, sooner than we otherwise would (for your child's photo and
            details, the button on your order page does it at once);
          </li>
          <li>stop sending you our newsletter.</li>
        </ul>
        <p>
          Write to <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>. We answer within 30 days, usually much sooner.
          Depending on where you live (for example California or Canada), you may have further rights under local law, and we
          honor them.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change this policy, we will update the date at the top of this page. If a change affects how we use information you
        already gave us, we will tell you by e-mail first.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about privacy, or a request about your data? Write to <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>{' '}
        and a real person will reply.
      </p>
    ),
  },
];

/** The privacy policy; /cookies shows it too, scrolled to the cookies section. */
export function PrivacyPage() {
  const { pathname } = useLocation();
  useScrollToSection(pathname === '/cookies' ? 'cookies' : undefined);

  return (
    <LegalPage
      title="Privacy Policy"
      lead="How we look after your family's information, in plain language."
      updated={POLICY_UPDATED}
      summary={
        <ul>
          <li>We collect only what we need to make and deliver your book.</li>
          <li>
            Your child's photo is used only for the book, stripped of location data, and deleted 7 days after delivery, or at once
            from your order page.
          </li>
          <li>We never see your card number and never sell your information.</li>
          <li>No analytics or advertising cookies without your consent.</li>
        </ul>
      }
      sections={SECTIONS}
    />
  );
}
