import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';

import { FindOrderPage } from './FindOrderPage';
import { ORDER_MESSAGES } from './order-page-messages';
import { REQUEST_ORDER_LINKS_MUTATION } from './order-page-operations';

const linksMock = (email: string, userErrors: unknown[] = []): MockLink.MockedResponse => ({
  request: { query: REQUEST_ORDER_LINKS_MUTATION, variables: { email } },
  result: { data: { requestOrderLinks: { __typename: 'RequestOrderLinksPayload', userErrors } } },
});

const refusal = (code: string, message: string) => ({ __typename: 'UserError', code, field: 'email', message });

function renderPage(mocks: MockLink.MockedResponse[]) {
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={['/order']}>
        <FindOrderPage />
      </MemoryRouter>
    </MockedProvider>,
  );
  return { user: userEvent.setup(), field: screen.getByRole('textbox', { name: 'Email address' }) };
}

describe('FindOrderPage', () => {
  it('gives the one answer for an address, sending it trimmed', async () => {
    const { user, field } = renderPage([linksMock('parent@example.com')]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Find my order');
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.type(field, '  parent@example.com ');
    await user.click(screen.getByRole('button', { name: ORDER_MESSAGES.lookupSubmit }));
    expect(await screen.findByText(ORDER_MESSAGES.lookupAnswer)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('gives the same answer whatever the server found (it never says)', async () => {
    // The server answers an unknown address exactly as a known one: so does the page.
    const { user, field } = renderPage([linksMock('nobody@example.com')]);
    await user.type(field, 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: ORDER_MESSAGES.lookupSubmit }));
    expect(await screen.findByText(ORDER_MESSAGES.lookupAnswer)).toHaveAttribute('role', 'status');
  });

  it('asks for a valid address before sending anything', async () => {
    const { user, field } = renderPage([]);
    await user.type(field, 'parent@example');
    await user.click(screen.getByRole('button', { name: ORDER_MESSAGES.lookupSubmit }));
    expect(screen.getByRole('alert')).toHaveTextContent(ORDER_MESSAGES.invalidEmail);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it("shows the form's validation message when the server finds the address malformed", async () => {
    const { user, field } = renderPage([linksMock('a@b.c', [refusal('INVALID_INPUT', 'Invalid email address')])]);
    await user.type(field, 'a@b.c');
    await user.click(screen.getByRole('button', { name: ORDER_MESSAGES.lookupSubmit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.invalidEmail);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('says to try later past the limit, and does not claim an e-mail went', async () => {
    const { user, field } = renderPage([linksMock('parent@example.com', [refusal('RATE_LIMITED', 'Too many requests.')])]);
    await user.type(field, 'parent@example.com');
    await user.click(screen.getByRole('button', { name: ORDER_MESSAGES.lookupSubmit }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
