import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';

import { FaqPage } from './FaqPage';
import { FAQ_CATEGORIES, FAQ_QUESTIONS } from './faq-questions';

function renderFaq() {
  return render(
    <MemoryRouter>
      <FaqPage />
    </MemoryRouter>,
  );
}

/** The question buttons currently shown, in order. */
function questionButtons() {
  return screen.getAllByRole('button').filter((button) => button.hasAttribute('aria-expanded'));
}

describe('FaqPage', () => {
  it('has one h1 and shows all ten questions, each tagged with its category', () => {
    renderFaq();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Frequently Asked Questions');

    const buttons = questionButtons();
    expect(buttons).toHaveLength(10);
    expect(buttons.map((button) => button.textContent)).toEqual(FAQ_QUESTIONS.map((item) => item.question));

    for (const item of FAQ_QUESTIONS) {
      const listItem = screen.getByRole('button', { name: item.question }).closest('li');
      expect(listItem).not.toBeNull();
      expect(within(listItem as HTMLElement).getByText(item.category)).toBeInTheDocument();
    }
  });

  it('has at least one question in every category', () => {
    for (const category of FAQ_CATEGORIES) {
      expect(FAQ_QUESTIONS.some((item) => item.category === category)).toBe(true);
    }
  });

  it('filters the questions by the chosen chip, and All brings back all ten', async () => {
    const user = userEvent.setup();
    renderFaq();

    const all = screen.getByRole('button', { name: 'All' });
    expect(all).toHaveAttribute('aria-pressed', 'true');

    for (const category of FAQ_CATEGORIES) {
      const chip = screen.getByRole('button', { name: category });
      await user.click(chip);

      expect(chip).toHaveAttribute('aria-pressed', 'true');
      expect(all).toHaveAttribute('aria-pressed', 'false');

      const expected = FAQ_QUESTIONS.filter((item) => item.category === category).map((item) => item.question);
      expect(expected.length).toBeGreaterThan(0);
      expect(questionButtons().map((button) => button.textContent)).toEqual(expected);
      for (const button of questionButtons()) {
        expect(button.closest('li')).toHaveAttribute('data-category', category);
      }
    }

    await user.click(all);
    expect(all).toHaveAttribute('aria-pressed', 'true');
    expect(questionButtons()).toHaveLength(10);
  });

  it('expands and collapses an answer, reflecting it in aria-expanded', async () => {
    const user = userEvent.setup();
    renderFaq();

    const question = screen.getByRole('button', { name: 'How long will my book take to arrive?' });
    const panel = document.getElementById(question.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();

    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(screen.getByRole('region', { name: 'How long will my book take to arrive?' })).toHaveTextContent('within 24 hours');

    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
  });

  it('keeps its delivery promises consistent with the shop', async () => {
    const user = userEvent.setup();
    renderFaq();
    await user.click(screen.getByRole('button', { name: 'How long will my book take to arrive?' }));
    await user.click(screen.getByRole('button', { name: 'Where do you ship printed books?' }));

    const delivery = screen.getByRole('region', { name: 'How long will my book take to arrive?' });
    expect(delivery).toHaveTextContent('within 24 hours');
    expect(delivery).toHaveTextContent('7-10 business days');
    expect(screen.getByRole('region', { name: 'Where do you ship printed books?' })).toHaveTextContent(
      'United States and Canada',
    );
  });
});
