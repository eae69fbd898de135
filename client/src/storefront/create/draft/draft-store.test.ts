import '../../../../../test/support/client/indexed-db';

import { clearDraft, clearDraftOfOrder, loadDraft, type OrderDraft, saveDraft, updateDraft } from './draft-store';

const values = {
  childName: 'Mia',
  childAge: '6',
  storyIdea: 'A lost puppy',
  dedication: 'For Mia,\nwith love',
  moral: 'Kindness',
  bookFormat: 'printed',
  bookStyle: 'fairytale',
  email: 'parent@example.com',
  fullName: 'Ana Parent',
  streetAddress: '1 Maple Ave',
  city: 'Portland',
  state: 'OR',
  zipCode: '97201',
  country: 'United States',
  acceptTerms: true,
};

const photoBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);

const draft = (order: OrderDraft['order'] = null): OrderDraft => ({
  values,
  photo: { bytes: photoBytes.slice().buffer, name: 'mia.png', type: 'image/png', version: 3 },
  order,
  savedAt: 1,
});

const link = {
  orderId: 'order-1',
  checkoutToken: 'token-1',
  amountCents: 5000,
  bookFormat: 'printed',
  sentInput: '{"childName":"Mia"}',
  sentPhotoVersion: 3,
};

afterEach(() => clearDraft());

describe('the draft store', () => {
  it('has no draft at first', async () => {
    await expect(loadDraft()).resolves.toBeNull();
  });

  it('gives back every field, the photo bytes and the order link as stored', async () => {
    expect(await saveDraft(draft(link))).toBe(true);
    const loaded = await loadDraft();
    expect(loaded?.values).toEqual(values);
    expect(loaded?.order).toEqual(link);
    expect(loaded?.photo).toMatchObject({ name: 'mia.png', type: 'image/png', version: 3 });
    expect([...new Uint8Array(loaded!.photo!.bytes)]).toEqual([...photoBytes]);
  });

  it('keeps one draft: a save replaces the last', async () => {
    await saveDraft(draft());
    await saveDraft({ ...draft(), values: { ...values, childName: 'Leo' }, photo: null });
    const loaded = await loadDraft();
    expect(loaded?.values.childName).toBe('Leo');
    expect(loaded?.photo).toBeNull();
  });

  it('changes the order link alone with updateDraft, and clears the draft when told to', async () => {
    await saveDraft(draft(link));
    await updateDraft((current) => ({ ...current, order: null }));
    expect((await loadDraft())?.order).toBeNull();
    expect((await loadDraft())?.values).toEqual(values);
    await updateDraft(() => null);
    await expect(loadDraft()).resolves.toBeNull();
  });

  it('clears the draft once its own order is paid, but not for another order', async () => {
    await saveDraft(draft(link));
    await clearDraftOfOrder('another-order');
    expect(await loadDraft()).not.toBeNull();
    await clearDraftOfOrder('order-1');
    await expect(loadDraft()).resolves.toBeNull();
  });

  it("'Start over' forgets it", async () => {
    await saveDraft(draft());
    await clearDraft();
    await expect(loadDraft()).resolves.toBeNull();
  });
});
