import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { Footer } from './Footer';

describe('Footer', () => {
  function renderFooter() {
    return render(
      <MockedProvider mocks={[]}>
        <MemoryRouter>
          <Footer />
        </MemoryRouter>
      </MockedProvider>,
    );
  }

  it('links the quick links and support pages', () => {
    renderFooter();
    const quick = screen.getByRole('navigation', { name: 'Quick Links' });
    expect(within(quick).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(quick).getByRole('link', { name: 'How It Works' })).toHaveAttribute('href', '/how-it-works');
    expect(within(quick).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(within(quick).getByRole('link', { name: 'Sample Stories' })).toHaveAttribute('href', '/samples');

    const support = screen.getByRole('navigation', { name: 'Support' });
    expect(within(support).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(within(support).getByRole('link', { name: 'Find my order' })).toHaveAttribute('href', '/order');
    expect(within(support).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(within(support).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(support).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  });

  it('opens the social profiles in a new tab, safely, each with a name', () => {
    renderFooter();
    for (const name of ['Instagram', 'Facebook', 'Pinterest']) {
      const link = screen.getByRole('link', { name: new RegExp(`^${name}`) });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('shows the copyright with the current year and the newsletter box', () => {
    renderFooter();
    expect(screen.getByText(`© ${new Date().getFullYear()} Storybook Shop. All rights reserved.`)).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });
});
