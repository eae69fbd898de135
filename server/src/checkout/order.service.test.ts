import { Readable } from 'node:stream';
import type { DataSource } from 'typeorm';
import type { Logger } from '../common/logger';
import type { DiscountCodes } from '../discounts/discount-codes.service';
import type { IncomingFile } from '../media/incoming-file';
import type { Storage } from '../media/storage';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { CREATE_FAILED_MESSAGE, OrderService } from './order.service';
import type { CreateOrderInput } from './create-order.input';
import { digitalOrder } from '../../../test/support/orders';

const form = digitalOrder() as unknown as CreateOrderInput;

/** A photo whose reading fails with `error`, as an upload does when its request closed or broke. */
const failingPhoto = (error: Error): Promise<IncomingFile> =>
  Promise.resolve({
    filename: 'mia.jpg',
    mimetype: 'image/jpeg',
    createReadStream: () =>
      new Readable({
        read() {
          this.destroy(error);
        },
      }),
  });

function serviceWith(logger: Logger) {
  const storage = { put: jest.fn() } as unknown as Storage;
  const service = new OrderService(
    {} as DataSource,
    storage,
    {} as OrderLifecycle,
    logger,
    { uploadReceived: jest.fn(), photoProcessed: jest.fn() },
    {} as Pick<DiscountCodes, 'reprice'>,
  );
  return { service, storage };
}

describe('OrderService.createOrder when the photo cannot be read', () => {
  const logger = () => ({ debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() });

  it('says so at info, not as a failure, when the parent’s request closed before the photo was read', async () => {
    const log = logger();
    const { service, storage } = serviceWith(log);
    const closed = Object.assign(new Error('The upload was released before it was read.'), { status: 499 });
    const outcome = await service.createOrder(form, failingPhoto(closed));
    expect(outcome).toEqual({ ok: false, error: expect.objectContaining({ message: CREATE_FAILED_MESSAGE }) });
    expect(log.error).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith('order not created: the request closed before its photo was read');
    expect(storage.put).not.toHaveBeenCalled();
  });

  it('logs any other failure to read it as an error', async () => {
    const log = logger();
    const { service, storage } = serviceWith(log);
    const outcome = await service.createOrder(form, failingPhoto(new Error('disk gone')));
    expect(outcome.ok).toBe(false);
    expect(log.error).toHaveBeenCalledWith('photo upload failed', expect.objectContaining({ error: expect.any(Error) }));
    expect(storage.put).not.toHaveBeenCalled();
  });
});
