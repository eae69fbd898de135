import { initialOrderFormValues } from './order-form-values';
import { toCreateOrderInput } from './to-create-order-input';

const filled = (bookFormat: 'digital' | 'printed') => ({
  ...initialOrderFormValues({ bookFormat, bookStyle: 'fairytale', country: 'United States' }),
  childName: ' Mia ',
  childAge: ' 7 ',
  moral: 'Patience',
  storyIdea: '  ',
  email: ' mia@example.com ',
  fullName: ' Sam ',
  streetAddress: ' 1 Elm St ',
  city: ' Austin ',
  state: ' TX ',
  zipCode: ' 73301 ',
  acceptTerms: true,
});

describe('toCreateOrderInput', () => {
  it('trims a digital order and leaves out the style and the address', () => {
    expect(toCreateOrderInput(filled('digital'))).toEqual({
      childName: 'Mia',
      childAge: 7,
      moral: 'Patience',
      storyIdea: '',
      email: 'mia@example.com',
      bookFormat: 'digital',
    });
  });

  it('sends the style and the trimmed address for a printed order, the lesson as chosen', () => {
    expect(toCreateOrderInput(filled('printed'))).toEqual({
      childName: 'Mia',
      childAge: 7,
      moral: 'Patience',
      storyIdea: '',
      email: 'mia@example.com',
      bookFormat: 'printed',
      bookStyle: 'fairytale',
      shippingAddress: {
        fullName: 'Sam',
        streetAddress: '1 Elm St',
        addressLine2: '',
        city: 'Austin',
        state: 'TX',
        zipCode: '73301',
        country: 'United States',
        phone: '',
      },
    });
  });
});
