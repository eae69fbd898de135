import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { NEWSLETTER_FALLBACK_ERROR, NewsletterForm } from './NewsletterForm';
import { SUBSCRIBE_NEWSLETTER_MUTATION } from './newsletter-operations';

function answer(
  email: string,
  payload: { subscribed: boolean; userErrors: { field: string | null; message: string }[] },
): MockLink.MockedResponse {
  return {
    request: { query: SUBSCRIBE_NEWSLETTER_MUTATION, variables: { email } },
    result: {
      data: {
        subscribeNewsletter: {
          __typename: 'SubscribeNewsletterPayload',
          subscribed: payload.subscribed,
          userErrors: payload.userErrors.map((error) => ({ __typename: 'UserError', ...error })),
        },
      },
    },
  };
}

function renderForm(mocks: MockLink.MockedResponse[]) {
  return render(
    <MockedProvider mocks={mocks}>
      <NewsletterForm />
    </MockedProvider>,
  );
}

describe('NewsletterForm', () => {
  it('thanks the visitor once the server has stored the address (sent trimmed), and clears the field', async () => {
    const user = userEvent.setup();
    renderForm([answer('parent@example.com', { subscribed: true, userErrors: [] })]);

    const input = screen.getByLabelText('Email address');
    await user.type(input, '  parent@example.com ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText('Thanks for subscribing!')).toHaveAttribute('role', 'status');
    expect(input).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's message when it refuses the address, and keeps what was typed", async () => {
    const user = userEvent.setup();
    renderForm([
      answer('not-an-email', {
        subscribed: false,
        userErrors: [{ field: 'email', message: 'Please enter a valid email address.' }],
      }),
    ]);

    const input = screen.getByLabelText('Email address');
    await user.type(input, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(input).toHaveValue('not-an-email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Thanks for subscribing!')).not.toBeInTheDocument();
  });

  it('says something went wrong when the request itself fails', async () => {
    const user = userEvent.setup();
    renderForm([
      {
        request: { query: SUBSCRIBE_NEWSLETTER_MUTATION, variables: { email: 'parent@example.com' } },
        error: new Error('Network down'),
      },
    ]);

    await user.type(screen.getByLabelText('Email address'), 'parent@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(NEWSLETTER_FALLBACK_ERROR);
  });
});
