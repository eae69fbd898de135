import { Link } from 'react-router-dom';

import { saveConsent } from '../analytics/consent';
import { usePixel } from '../analytics/use-pixel';
import './consent-banner.css';

/**
 * Asks before the advertising pixel loads. Shown only when the shop has a pixel id and the
 * visitor has not answered yet; Accept and Decline weigh the same, and the page stays usable
 * (not a modal) while it is open.
 */
export function ConsentBanner() {
  const { pixelId, choice } = usePixel();
  if (!pixelId || choice) return null;

  return (
    <section className="consent-banner" aria-label="Cookie consent">
      <div className="consent-banner__inner">
        <p className="consent-banner__text">
          May we use an advertising cookie (Meta Pixel) to learn which of our ads bring families here? It is only set if you
          accept, and your child's details are never shared. Read more in our <Link to="/privacy">Privacy Policy</Link>.
        </p>
        <div className="consent-banner__actions">
          <button
            type="button"
            className="button button--secondary consent-banner__button"
            onClick={() => saveConsent('declined')}
          >
            Decline
          </button>
          <button type="button" className="button button--primary consent-banner__button" onClick={() => saveConsent('accepted')}>
            Accept
          </button>
        </div>
      </div>
    </section>
  );
}
