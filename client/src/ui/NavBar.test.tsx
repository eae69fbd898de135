import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';

import { NavBar } from './NavBar';

function setScrollY(value: number) {
  Object.defineProperty(window, 'scrollY', { value, configurable: true, writable: true });
  act(() => {
    fireEvent.scroll(window);
  });
}

function renderNavBar() {
  return render(
    <MemoryRouter>
      <NavBar />
    </MemoryRouter>,
  );
}

afterEach(() => setScrollY(0));

describe('NavBar', () => {
  it('is transparent at the top and turns solid once the page is scrolled past 50 px', () => {
    renderNavBar();
    const header = screen.getByRole('banner');
    expect(header).toHaveClass('navbar');
    expect(header).not.toHaveClass('navbar--solid');

    setScrollY(50);
    expect(header).not.toHaveClass('navbar--solid');

    setScrollY(51);
    expect(header).toHaveClass('navbar--solid');

    setScrollY(10);
    expect(header).not.toHaveClass('navbar--solid');
  });

  it('has the logo link home, the section links and Get Started', () => {
    renderNavBar();
    expect(screen.getByRole('link', { name: 'Storybook Shop home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'How It Works' })).toHaveAttribute('href', '/how-it-works');
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Samples' })).toHaveAttribute('href', '/samples');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/create');
  });

  it('opens and closes the menu with its toggle, and closes it on Escape or when a link is followed', async () => {
    const user = userEvent.setup();
    renderNavBar();

    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName('Open menu');

    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
