/** What the admin enters to ship a printed book: the carrier and the tracking number, checked here. */
import { IsNotEmpty, IsString, Matches } from 'class-validator';
import { MaxChars, NoControlCharacters, rule } from '../common/input-validation';
import { CARRIER_MAX_CHARS, knownCarrier, TRACKING_NUMBER_MAX_CHARS, TRACKING_NUMBER_PATTERN } from '../orders/tracking';

export const SHIPPING_MESSAGES = {
  orderNotFound: 'Order not found.',
  notShipped: 'Only a shipped order has tracking to correct.',
  carrierRequired: 'Please choose the carrier.',
  carrierTooLong: `The carrier's name can be at most ${CARRIER_MAX_CHARS} characters.`,
  carrierControl: "The carrier's name cannot contain control characters.",
  trackingRequired: 'Please enter the tracking number.',
  trackingTooLong: `The tracking number can be at most ${TRACKING_NUMBER_MAX_CHARS} characters.`,
  trackingInvalid: 'A tracking number has only letters, digits, spaces and dashes.',
} as const;

export class ShipOrderInput {
  @IsString(rule(SHIPPING_MESSAGES.carrierRequired, 0))
  @IsNotEmpty(rule(SHIPPING_MESSAGES.carrierRequired, 0))
  @MaxChars(CARRIER_MAX_CHARS, rule(SHIPPING_MESSAGES.carrierTooLong, 1))
  @NoControlCharacters(rule(SHIPPING_MESSAGES.carrierControl, 2))
  carrier: string;

  @IsString(rule(SHIPPING_MESSAGES.trackingRequired, 3))
  @IsNotEmpty(rule(SHIPPING_MESSAGES.trackingRequired, 3))
  @MaxChars(TRACKING_NUMBER_MAX_CHARS, rule(SHIPPING_MESSAGES.trackingTooLong, 4))
  @Matches(TRACKING_NUMBER_PATTERN, rule(SHIPPING_MESSAGES.trackingInvalid, 5))
  trackingNumber: string;

  /** Trimmed, inner runs of spaces made one (a line break in a tracking number is refused); a known carrier in its usual spelling ("fedex" -> "FedEx"). */
  constructor(carrier: string, trackingNumber: string) {
    const name = carrier.trim().replace(/\s+/g, ' ');
    this.carrier = knownCarrier(name) ?? name;
    this.trackingNumber = trackingNumber.trim().replace(/ +/g, ' ');
  }
}
