import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router-dom';

import { SUPPORT_EMAIL } from '../../ui/contact';
import { Icon } from '../../ui/Icon';
import { PageTitle } from '../../ui/PageTitle';
import { Spinner } from '../../ui/Spinner';
import { formatExpiry, VIDEO_MESSAGES } from './video-messages';
import { VIDEO_DELIVERY_QUERY } from './video-operations';
import './video-page.css';

/**
 * /video/:token: the page the delivery e-mail links to. The token is the only key, so the page
 * keeps out of search engines, and its signed media links are asked for fresh on every visit.
 */
export function VideoPage() {
  const { token = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(VIDEO_DELIVERY_QUERY, {
    variables: { token },
    fetchPolicy: 'network-only',
  });
  const delivery = data?.videoDelivery;

  let body;
  if (delivery) {
    body = (
      <>
        <PageTitle>{VIDEO_MESSAGES.ready(delivery.childName)}</PageTitle>
        <h1 className="video-page__title">{VIDEO_MESSAGES.ready(delivery.childName)}</h1>
        <p className="video-page__lead">
          {delivery.pdfUrl
            ? 'Press play to watch it together, download the video to keep, and download the storybook to read and print.'
            : 'Press play to watch it together, or download it to keep.'}
        </p>
        <div className="video-page__player">
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- each story video is made for one order and comes without a captions file */}
          <video controls playsInline preload="metadata" aria-label={`${delivery.childName}'s story`}>
            <source src={delivery.watchUrl} type={delivery.contentType} />
            Your browser cannot play this video here: download it below instead.
          </video>
        </div>
        <div className="video-page__actions">
          <a className="button button--primary button--large" href={delivery.downloadUrl} download>
            <Icon name="arrow-right" size={20} className="video-page__download-icon" />
            Download video
          </a>
          {delivery.pdfUrl && (
            <a className="button button--secondary button--large" href={delivery.pdfUrl} download>
              <Icon name="book" size={20} />
              {VIDEO_MESSAGES.downloadPdf}
            </a>
          )}
        </div>
        <p className="video-page__expiry">
          <Icon name="clock" size={18} />
          <span>
            {VIDEO_MESSAGES.worksUntil(formatExpiry(delivery.expiresAt))}.{' '}
            {delivery.pdfUrl ? 'Download the files to keep them for good.' : 'Download it to keep it for good.'}
          </span>
        </p>
      </>
    );
  } else if (loading) {
    body = <Spinner label="Loading your video…" />;
  } else if (error) {
    body = (
      <div role="alert">
        <PageTitle>Your video</PageTitle>
        <h1 className="video-page__title">{VIDEO_MESSAGES.loadFailed}</h1>
        <p className="video-page__lead">Please check your connection and try again.</p>
        <button type="button" className="button button--primary" onClick={() => void refetch().catch(() => undefined)}>
          Try Again
        </button>
      </div>
    );
  } else {
    body = (
      <>
        <PageTitle>Link expired</PageTitle>
        <h1 className="video-page__title">{VIDEO_MESSAGES.invalid}</h1>
        <p className="video-page__lead">
          Video links work for a limited time. To get a new one, write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>{' '}
          from the e-mail address you ordered with, and we will send you a fresh link.
        </p>
        <Link to="/" className="button button--secondary">
          Back to Home
        </Link>
      </>
    );
  }

  return (
    <section className="video-page">
      <meta name="robots" content="noindex" />
      <div className="video-page__inner">{body}</div>
    </section>
  );
}
