import { render } from '@testing-library/react';

import { EmailAddress } from './OrdersTable';

describe('an e-mail address in the orders table', () => {
  it('may wrap before the @ and the dots of its domain, and nowhere inside a name', () => {
    const { container } = render(<EmailAddress email="alexandrina.montgomery@mail.example.co.uk" />);
    expect(container).toHaveTextContent('alexandrina.montgomery@mail.example.co.uk');
    expect(container.innerHTML).toBe(
      '<span class="email-address">alexandrina.montgomery<wbr>@mail<wbr>.example<wbr>.co<wbr>.uk</span>',
    );
  });

  it('shows anything without an @ as it is', () => {
    const { container } = render(<EmailAddress email="not-an-address" />);
    expect(container.innerHTML).toBe('not-an-address');
  });
});
