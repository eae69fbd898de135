import { render } from '@testing-library/react';

import { EmailAddress } from './EmailAddress';

describe('an e-mail address shown in a narrow column', () => {
  it('may wrap before the @ and its dots, and nowhere inside a word', () => {
    const { container } = render(<EmailAddress email="alexandrina.montgomery@mail.example.co.uk" />);
    expect(container).toHaveTextContent('alexandrina.montgomery@mail.example.co.uk');
    expect(container.innerHTML).toBe(
      '<span class="email-address">alexandrina<wbr>.montgomery<wbr>@mail<wbr>.example<wbr>.co<wbr>.uk</span>',
    );
  });

  it('keeps an address without dots in its name whole up to the @', () => {
    const { container } = render(<EmailAddress email="mia@example.com" />);
    expect(container.innerHTML).toBe('<span class="email-address">mia<wbr>@example<wbr>.com</span>');
  });

  it('shows anything without an @ as it is', () => {
    const { container } = render(<EmailAddress email="not-an-address" />);
    expect(container.innerHTML).toBe('not-an-address');
  });
});
