/** Turns what was typed into the createOrder input: trimmed, and address/style only for printed. */
import type { CreateOrderInput } from '../../gql/graphql';
import { browserTimeZone } from '../../ui/calendar-date';
import type { OrderFormValues } from './order-form-values';

export function toCreateOrderInput(values: OrderFormValues): CreateOrderInput {
  const input: CreateOrderInput = {
    childName: values.childName.trim(),
    childAge: Number(values.childAge.trim()),
    moral: values.moral,
    storyIdea: values.storyIdea.trim(),
    email: values.email.trim(),
    bookFormat: values.bookFormat,
  };
  // Sent only when given: an order without one carries none (also when an update removes it).
  const dedication = values.dedication.trim();
  if (dedication) input.dedication = dedication;
  // A gift's fields count only while the box is ticked; the day only for a digital book.
  const giftMessage = values.isGift ? values.giftMessage.trim() : '';
  if (giftMessage) input.giftMessage = giftMessage;
  if (values.isGift && values.bookFormat === 'digital' && values.giftDeliveryDate) {
    input.giftDeliveryDate = values.giftDeliveryDate;
    const timeZone = browserTimeZone();
    if (timeZone) input.giftTimeZone = timeZone;
  }
  if (values.bookFormat !== 'printed') return input;
  return {
    ...input,
    bookStyle: values.bookStyle,
    shippingAddress: {
      fullName: values.fullName.trim(),
      streetAddress: values.streetAddress.trim(),
      addressLine2: values.addressLine2.trim(),
      city: values.city.trim(),
      state: values.state.trim(),
      zipCode: values.zipCode.trim(),
      country: values.country.trim(),
      phone: values.phone.trim(),
    },
  };
}
