import { openChangeRequest } from './change-request';
import type { OrderEvent } from '../orders/order-event.entity';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));
const event = (type: string, minute: number, data: OrderEvent['data'] = {}) =>
  ({ type, createdAt: at(minute), data }) as OrderEvent;

describe('openChangeRequest', () => {
  it('is the latest request no revision has answered', () => {
    expect(openChangeRequest([event('completed', 0), event('change_requested', 5, { message: 'Blue cape' })])).toEqual({
      message: 'Blue cape',
      requestedAt: at(5),
    });
  });

  it('is null once a later revision answers it, or when none was made', () => {
    expect(openChangeRequest([event('change_requested', 5, { message: 'Blue cape' }), event('delivery_revised', 9)])).toBeNull();
    expect(openChangeRequest([event('completed', 0), event('delivery_revised', 9)])).toBeNull();
    expect(openChangeRequest([])).toBeNull();
  });

  it('is a request made after an earlier revision', () => {
    expect(openChangeRequest([event('delivery_revised', 2), event('change_requested', 5, { message: 'Again' })])?.message).toBe(
      'Again',
    );
  });
});
