/** Turns what was typed into the createOrder input: trimmed, and address/style only for printed. */
import type { CreateOrderInput } from '../../gql/graphql';
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
