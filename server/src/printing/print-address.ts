/** The order's shipping address as a print partner wants it: ISO country and subdivision codes. */
import { regionCodeOf, shippingDestination } from '../catalogue/shipping-destinations';
import type { ShippingAddress } from '../orders/order.entity';
import type { PrintAddress } from './print-partner';

/**
 * A state or province as its code, however it was stored: orders since the lists hold the code,
 * older ones what the parent typed ("California", "ca"). What is neither is passed on as typed.
 */
export function subdivisionCode(country: string, state: string): string {
  const trimmed = state.trim();
  const known = regionCodeOf(country, trimmed);
  if (known) return known;
  return /^[A-Za-z]{2,3}$/.test(trimmed) ? trimmed.toUpperCase() : trimmed;
}

export function printAddress(address: ShippingAddress, email: string): PrintAddress {
  return {
    name: address.fullName,
    street1: address.streetAddress,
    ...(address.addressLine2 ? { street2: address.addressLine2 } : {}),
    city: address.city,
    stateCode: subdivisionCode(address.country, address.state),
    postcode: address.zipCode,
    countryCode: shippingDestination(address.country)?.countryCode ?? address.country,
    email,
    ...(address.phone ? { phone: address.phone } : {}),
  };
}
