import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { provideSiteData, type SiteData } from '../../site-data';
import { PRICING_PLANS_QUERY } from './pricing-operations';
import { PricingSection } from './PricingSection';

const plan = (format: 'digital' | 'printed', title: string, priceCents: number, recommended: boolean) => ({
  __typename: 'Plan',
  format,
  title,
  priceCents,
  recommended,
  description: `${title} description`,
  features: [`${title} feature`],
});

const catalogue: MockLink.MockedResponse = {
  request: { query: PRICING_PLANS_QUERY },
  result: {
    data: {
      catalogue: {
        __typename: 'Catalogue',
        currency: 'USD',
        plans: [plan('digital', 'Digital Comic Book', 2500, false), plan('printed', 'Premium Printed Storybook', 5000, true)],
        familyDiscount: {
          __typename: 'FamilyDiscount',
          maxBooks: 5,
          description: '10% off every book when you order two or more together',
        },
      },
    },
  },
};

function renderPricing(mocks: MockLink.MockedResponse[]) {
  return render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter>
        <PricingSection id="pricing" />
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe('PricingSection', () => {
  it('shows both plans with the prices from the catalogue, Most Popular on the recommended one', async () => {
    renderPricing([catalogue]);

    const digital = await screen.findByRole('article', { name: 'Digital Comic Book' });
    const printed = screen.getByRole('article', { name: 'Premium Printed Storybook' });

    expect(within(digital).getByText('$25')).toBeInTheDocument();
    expect(within(printed).getByText('$50')).toBeInTheDocument();
    expect(within(printed).getByText('Most Popular')).toBeInTheDocument();
    expect(within(digital).queryByText('Most Popular')).not.toBeInTheDocument();

    expect(within(digital).getByRole('link')).toHaveAttribute('href', '/create?type=digital');
    expect(within(printed).getByRole('link')).toHaveAttribute('href', '/create?type=printed');
    expect(screen.getByText(/ship to the United States and Canada/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us for custom packages' })).toHaveAttribute('href', '/contact');
    // The family discount in the catalogue's words.
    expect(screen.getByText(/10% off every book when you order two or more together, for siblings, cousins/)).toHaveTextContent(
      '(up to 5 books in one checkout)',
    );
  });

  it('shows a friendly message without the raw error when the catalogue cannot be loaded', async () => {
    renderPricing([{ request: { query: PRICING_PLANS_QUERY }, error: new Error('ECONNREFUSED 127.0.0.1:4000') }]);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load our prices right now. Please try again.");
    expect(alert).not.toHaveTextContent('ECONNREFUSED');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('renders the prices the page was built with at once, asking the server nothing', () => {
    const sitePlan = (format: 'digital' | 'printed', title: string, priceCents: number, recommended: boolean) => ({
      ...plan(format, title, priceCents, recommended),
      __typename: 'Plan' as const,
      delivery: `${title} delivery`,
    });
    const data: SiteData = {
      publicUrl: 'https://shop.example.com',
      pixelId: null,
      catalogue: {
        __typename: 'Catalogue',
        currency: 'USD',
        plans: [
          sitePlan('digital', 'Digital Comic Book', 1900, false),
          sitePlan('printed', 'Premium Printed Storybook', 4500, true),
        ],
        lifeLessons: [],
        bookStyles: [],
        shippingCountries: [],
        shippingDestinations: [],
        printedDelivery: {
          __typename: 'PrintedDelivery',
          shippingIncluded: true,
          arrivesFromBusinessDays: 7,
          arrivesByBusinessDays: 10,
        },
        familyDiscount: {
          __typename: 'FamilyDiscount',
          minBooks: 2,
          maxBooks: 5,
          percentOff: 10,
          description: '10% off every book when you order two or more together',
        },
        limits: {
          __typename: 'OrderLimits',
          minChildAge: 2,
          maxChildAge: 12,
          childNameMaxLength: 50,
          storyIdeaMaxLength: 1000,
          emailMaxLength: 254,
          addressFieldMaxLength: 200,
          photoMaxBytes: 1,
          photoTypes: [],
          dedicationMaxLength: 300,
          giftMessageMaxLength: 300,
          giftDeliveryMaxDays: 365,
          changeRequestMaxLength: 1000,
        },
      },
    };
    provideSiteData(data);
    try {
      // No mocks: a query would fail and show the error instead.
      renderPricing([]);
      expect(within(screen.getByRole('article', { name: 'Digital Comic Book' })).getByText('$19')).toBeInTheDocument();
      expect(within(screen.getByRole('article', { name: 'Premium Printed Storybook' })).getByText('$45')).toBeInTheDocument();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    } finally {
      provideSiteData(null);
    }
  });
});
