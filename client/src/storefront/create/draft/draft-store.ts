/**
 * The order form's draft in IndexedDB: every field, the photo's bytes and the order the draft
 * already created, so nothing typed is lost to a reload, Back, Cancel or a declined card.
 * A tiny wrapper of our own (one database, one store, one record). Loaded on demand, never
 * during render: IndexedDB exists only in the browser.
 */

const DB_NAME = 'storybook-shop';
const STORE = 'drafts';
const KEY = 'order-form';

/** What was typed, as the form holds it (the photo travels apart, as bytes). */
export interface DraftValues {
  childName: string;
  childAge: string;
  storyIdea: string;
  dedication: string;
  moral: string;
  bookFormat: string;
  bookStyle: string;
  email: string;
  fullName: string;
  streetAddress: string;
  /** Not in drafts saved before the apartment line. */
  addressLine2?: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  /** Not in drafts saved before the phone. */
  phone?: string;
  /** Not in drafts saved before gifts. */
  isGift?: boolean;
  giftMessage?: string;
  giftDeliveryDate?: string;
  acceptTerms: boolean;
}

/** The photo as chosen (the original, not the downsized copy), stored as bytes. */
export interface DraftPhoto {
  bytes: ArrayBuffer;
  name: string;
  type: string;
  /** Bumped whenever another photo is chosen, so a resubmission knows whether to send it again. */
  version: number;
}

/** The Pending order this draft created, and what it last sent to it. */
export interface DraftOrderLink {
  orderId: string;
  checkoutToken: string;
  amountCents: number;
  bookFormat: string;
  /** The CreateOrderInput last accepted by the server, as JSON. */
  sentInput: string;
  /** The photo version last accepted by the server. */
  sentPhotoVersion: number;
}

export interface OrderDraft {
  values: DraftValues;
  photo: DraftPhoto | null;
  order: DraftOrderLink | null;
  savedAt: number;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is not available'));
      return;
    }
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('Could not open the draft store'));
    // Another tab holds an older version open: give up rather than wait forever.
    request.onblocked = () => reject(new Error('The draft store is blocked by another tab'));
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest | null): Promise<T | undefined> {
  const db = await open();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request ? (request.result as T) : undefined);
      transaction.onerror = () => reject(transaction.error ?? new Error('The draft store failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('The draft store was aborted'));
    });
  } finally {
    db.close();
  }
}

/** The saved draft, or null when there is none (or storage is unavailable). */
export async function loadDraft(): Promise<OrderDraft | null> {
  try {
    const draft = await run<OrderDraft>('readonly', (store) => store.get(KEY));
    return draft && typeof draft === 'object' && 'values' in draft ? draft : null;
  } catch {
    return null;
  }
}

/** Replaces the draft; false when it could not be stored (private mode, quota). */
export async function saveDraft(draft: OrderDraft): Promise<boolean> {
  try {
    await run('readwrite', (store) => store.put(draft, KEY));
    return true;
  } catch {
    return false;
  }
}

/** Changes part of the stored draft (e.g. its order link) without touching the rest. */
export async function updateDraft(change: (draft: OrderDraft) => OrderDraft | null): Promise<void> {
  const current = await loadDraft();
  if (!current) return;
  const next = change(current);
  if (next) await saveDraft(next);
  else await clearDraft();
}

/** Forgets the draft ('Start over', or once its order is paid). */
export async function clearDraft(): Promise<void> {
  try {
    await run('readwrite', (store) => store.delete(KEY));
  } catch {
    // Nothing stored, or nothing can be: either way there is no draft left to show.
  }
}

/** Forgets the draft only if it belongs to this (now paid) order, not a newer one. */
export async function clearDraftOfOrder(orderId: string): Promise<void> {
  const draft = await loadDraft();
  if (draft?.order?.orderId === orderId) await clearDraft();
}
