import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { PRICING_PLANS_QUERY, PricingSection } from './PricingSection';

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
  });

  it('shows a friendly message without the raw error when the catalogue cannot be loaded', async () => {
    renderPricing([{ request: { query: PRICING_PLANS_QUERY }, error: new Error('ECONNREFUSED 127.0.0.1:4000') }]);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load our prices right now. Please try again.");
    expect(alert).not.toHaveTextContent('ECONNREFUSED');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
