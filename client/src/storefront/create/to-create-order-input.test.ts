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
  it("sends a gift's message, and a digital gift's day with this browser's time zone, only while the box is ticked", () => {
    const gift = { ...filled('digital'), isGift: true, giftMessage: ' Happy birthday! ', giftDeliveryDate: '2026-12-24' };
    expect(toCreateOrderInput(gift)).toMatchObject({
      giftMessage: 'Happy birthday!',
      giftDeliveryDate: '2026-12-24',
      giftTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    const notAGift = toCreateOrderInput({ ...gift, isGift: false });
    expect(notAGift).not.toHaveProperty('giftMessage');
    expect(notAGift).not.toHaveProperty('giftDeliveryDate');
    // A printed book ships when it is printed: its message goes on the dedication page, and no day is sent.
    const printed = toCreateOrderInput({ ...gift, bookFormat: 'printed' });
    expect(printed).toMatchObject({ giftMessage: 'Happy birthday!' });
    expect(printed).not.toHaveProperty('giftDeliveryDate');
    expect(printed).not.toHaveProperty('giftTimeZone');
  });

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
