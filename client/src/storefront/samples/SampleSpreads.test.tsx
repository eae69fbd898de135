import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { SAMPLE_SPREADS, SampleSpreads } from './SampleSpreads';

describe('SampleSpreads', () => {
  it('shows the sample book in the classic style first, its drawing lazy and described', () => {
    render(<SampleSpreads />);
    const region = screen.getByRole('region', { name: 'Pages from “Mia and the Lighthouse”' });
    expect(within(region).getByRole('heading', { level: 3 })).toBeInTheDocument();
    const styles = within(region).getByRole('group', { name: 'Book style' });
    expect(
      within(styles)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Classic', 'Adventure', 'Fairytale', 'Superhero']);
    expect(within(styles).getByRole('button', { name: 'Classic' })).toHaveAttribute('aria-pressed', 'true');
    const art = within(region).getByRole('img');
    expect(art).toHaveAttribute('alt', SAMPLE_SPREADS[0].alt);
    expect(art).toHaveAttribute('loading', 'lazy');
    expect(within(region).getByText(/Brave doesn’t mean not being scared/)).toBeInTheDocument();
  });

  it('draws the same pages in the style picked, and says which', async () => {
    const user = userEvent.setup();
    render(<SampleSpreads headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Pages from “Mia and the Lighthouse”' })).toBeInTheDocument();
    for (const spread of SAMPLE_SPREADS.slice(1)) {
      await user.click(screen.getByRole('button', { name: spread.label }));
      expect(screen.getByRole('button', { name: spread.label })).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByRole('button', { name: 'Classic' })).toHaveAttribute('aria-pressed', 'false');
      expect(screen.getByRole('img')).toHaveAttribute('alt', spread.alt);
      expect(screen.getByText(new RegExp(`Pages 6 and 7, ${spread.label.toLowerCase()} style`))).toBeInTheDocument();
    }
  });

  it('has a drawing, with its own description, for every style the order form offers', async () => {
    const { BOOK_STYLES } = await import('../../../../server/src/catalogue/catalogue');
    expect(SAMPLE_SPREADS.map((spread) => spread.style)).toEqual(BOOK_STYLES.map((style) => style.value));
    expect(new Set(SAMPLE_SPREADS.map((spread) => spread.alt)).size).toBe(SAMPLE_SPREADS.length);
  });
});
