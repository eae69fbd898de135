import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { DELETED_AT_ONCE, KEPT_FOR_ACCOUNTING } from '../order/DeleteChildDataSection';
import { PrivacyPage } from './PrivacyPage';

describe('PrivacyPage', () => {
  it("says exactly what deleting a child's data removes and keeps, as the order page's confirmation does, and how to do it", () => {
    render(
      <MemoryRouter initialEntries={['/privacy']}>
        <PrivacyPage />
      </MemoryRouter>,
    );
    const section = screen.getByRole('region', { name: /Deleting your child's photo and details$/ });
    expect(section).toHaveTextContent(`Deletes at once: ${DELETED_AT_ONCE}.`);
    expect(section).toHaveTextContent(`Keeps, for accounting: ${KEPT_FOR_ACCOUNTING}.`);
    expect(section).toHaveTextContent("Delete my child's photo and details");
    expect(within(section).getByRole('link', { name: 'Find my order' })).toHaveAttribute('href', '/order');
  });
});
