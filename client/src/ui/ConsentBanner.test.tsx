import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router-dom';

import { CONSENT_KEY } from '../analytics/consent';
import { PIXEL_SCRIPT_URL } from '../analytics/pixel';
import { SHOP_PIXEL_QUERY } from '../analytics/shop-config-query';
import { ConsentBanner } from './ConsentBanner';

const shopConfig = (pixelId: string | null): MockLink.MockedResponse => ({
  request: { query: SHOP_PIXEL_QUERY },
  result: { data: { shopConfig: { __typename: 'ShopConfig', pixelId } } },
});

function renderBanner(pixelId: string | null) {
  const user = userEvent.setup();
  render(
    <MockedProvider mocks={[shopConfig(pixelId)]}>
      <MemoryRouter>
        <Link to="/faq">FAQ</Link>
        <ConsentBanner />
      </MemoryRouter>
    </MockedProvider>,
  );
  return { user };
}

const banner = () => screen.queryByRole('region', { name: 'Cookie consent' });
const pixelScript = () => document.querySelector(`script[src="${PIXEL_SCRIPT_URL}"]`);
const fbqCalls = () => window.fbq?.queue.map((args) => Array.from(args as unknown[])) ?? [];
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

beforeEach(() => {
  // A fresh page: no pixel on it yet.
  delete window.fbq;
  delete window._fbq;
  document.head.innerHTML = '';
  localStorage.clear();
});

describe('ConsentBanner', () => {
  it('asks nothing and loads nothing when the shop has no pixel', async () => {
    renderBanner(null);
    await settle();
    expect(banner()).not.toBeInTheDocument();
    expect(pixelScript()).toBeNull();
  });

  it('asks first, and loads the pixel only after Accept', async () => {
    const { user } = renderBanner('123456');
    expect(await screen.findByRole('region', { name: 'Cookie consent' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(pixelScript()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(banner()).not.toBeInTheDocument();
    expect(localStorage.getItem(CONSENT_KEY)).toBe('accepted');
    expect(pixelScript()).not.toBeNull();
    expect(fbqCalls()).toEqual([
      ['init', '123456'],
      ['track', 'PageView'],
    ]);

    // Later pages of the app are counted too.
    await user.click(screen.getByRole('link', { name: 'FAQ' }));
    await waitFor(() => expect(fbqCalls()).toHaveLength(3));
    expect(fbqCalls()[2]).toEqual(['track', 'PageView']);
  });

  it('loads nothing after Decline, and does not ask again', async () => {
    const { user } = renderBanner('123456');
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(banner()).not.toBeInTheDocument();
    expect(localStorage.getItem(CONSENT_KEY)).toBe('declined');
    expect(pixelScript()).toBeNull();
    expect(window.fbq).toBeUndefined();
  });

  it('starts the pixel without asking when the visitor accepted before', async () => {
    localStorage.setItem(CONSENT_KEY, 'accepted');
    renderBanner('123456');
    await waitFor(() => expect(pixelScript()).not.toBeNull());
    expect(banner()).not.toBeInTheDocument();
  });
});
