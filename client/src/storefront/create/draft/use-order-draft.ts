import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

import { readBytes } from '../check-photo';
import type { OrderFormValues } from '../order-form-values';
import type { DraftOrderLink, DraftPhoto, DraftValues, OrderDraft } from './draft-store';

/** How long typing may pause before the draft is written. */
export const DRAFT_SAVE_DELAY_MS = 250;

const store = () => import('./draft-store');

export interface RestoredDraft {
  values: Partial<OrderFormValues>;
  photoVersion: number;
}

function draftValues(values: OrderFormValues): DraftValues {
  const { childPhoto: _photo, ...rest } = values;
  return rest;
}

/** Nothing worth keeping: no photo, no order and nothing typed (the format and style are defaults). */
function isBlank(values: OrderFormValues, link: DraftOrderLink | null): boolean {
  if (link || values.childPhoto || values.acceptTerms || values.isGift) return false;
  const {
    childPhoto: _photo,
    bookFormat: _format,
    bookStyle: _style,
    country: _country,
    acceptTerms: _terms,
    isGift: _gift,
    ...typed
  } = values;
  return Object.values(typed).every((text) => !text.trim());
}

function restoredFrom(draft: OrderDraft): RestoredDraft {
  const photo = draft.photo
    ? new File([draft.photo.bytes], draft.photo.name, { type: draft.photo.type || 'application/octet-stream' })
    : null;
  return {
    values: { ...draft.values, bookFormat: draft.values.bookFormat as OrderFormValues['bookFormat'], childPhoto: photo },
    photoVersion: draft.photo?.version ?? 0,
  };
}

/**
 * Keeps the order form's draft in IndexedDB: restores it once after the first render (never
 * during it, so the server's and the browser's first renders agree), then writes every change
 * shortly after it is made. The draft also holds the order it created.
 */
export function useOrderDraft(options: {
  values: OrderFormValues;
  photoVersion: number;
  /** Puts a restored draft on the form. */
  onRestore: (draft: RestoredDraft) => void;
  /** False for a form that keeps no draft (a book added to a checkout): nothing is restored or written. */
  enabled?: boolean;
}) {
  const { values, photoVersion, onRestore, enabled = true } = options;
  const [restored, setRestored] = useState(!enabled);
  const [link, setLink] = useState<DraftOrderLink | null>(null);
  // The photo's bytes are read once per photo, not on every keystroke.
  const photoBytes = useRef<{ file: File; bytes: ArrayBuffer } | null>(null);
  const latest = useRef({ values, photoVersion, link });
  const pending = useRef(false);
  // Set once the draft's order is paid: the form is leaving and must not write it back.
  const finished = useRef(false);
  // The store's writes, one after another: a write still reading the photo when the draft is
  // cleared finishes first, so the clearing is the last word and nothing brings the draft back.
  const writing = useRef<Promise<unknown>>(Promise.resolve());
  const restoreRef = useRef(onRestore);
  const enabledRef = useRef(enabled);
  // Kept current after each render (before the effects below read them).
  useLayoutEffect(() => {
    latest.current = { values, photoVersion, link };
    restoreRef.current = onRestore;
    enabledRef.current = enabled;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    let cancelled = false;
    void store()
      .then((module) => module.loadDraft())
      .catch(() => null)
      .then((draft) => {
        if (cancelled) return;
        if (draft) {
          restoreRef.current(restoredFrom(draft));
          setLink(draft.order);
        }
        setRestored(true);
      });
    return () => {
      cancelled = true;
    };
  }, [enabled]);

  /** Runs `task` after the store's earlier writes; its own failure is the caller's. */
  const inTurn = useCallback(<T>(task: () => Promise<T>): Promise<T> => {
    const turn = writing.current.then(task);
    writing.current = turn.catch(() => undefined);
    return turn;
  }, []);

  const write = useCallback(
    (override?: { link: DraftOrderLink | null }) => {
      pending.current = false;
      return inTurn(async () => {
        if (finished.current || !enabledRef.current) return;
        const current = latest.current;
        const orderLink = override ? override.link : current.link;
        const { saveDraft, clearDraft } = await store();
        if (isBlank(current.values, orderLink)) {
          await clearDraft();
          return;
        }
        let photo: DraftPhoto | null = null;
        const file = current.values.childPhoto;
        if (file) {
          if (photoBytes.current?.file !== file) photoBytes.current = { file, bytes: await readBytes(file) };
          photo = { bytes: photoBytes.current.bytes, name: file.name, type: file.type, version: current.photoVersion };
        }
        if (finished.current) return;
        await saveDraft({ values: draftValues(current.values), photo, order: orderLink, savedAt: Date.now() });
      });
    },
    [inTurn],
  );

  // Every change is written shortly after it is made (only once the old draft is back).
  useEffect(() => {
    if (!restored) return undefined;
    pending.current = true;
    const timer = window.setTimeout(() => void write().catch(() => undefined), DRAFT_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [restored, values, photoVersion, link, write]);

  // Leaving the form (Back, a link, the redirect to payment, a reload or a closed tab)
  // writes what the timer had not yet.
  useEffect(() => {
    const flush = () => {
      if (pending.current) void write().catch(() => undefined);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [write]);

  /** Remembers (or forgets) the order this draft created, stored before it resolves. */
  const rememberOrder = useCallback(
    async (next: DraftOrderLink | null) => {
      latest.current = { ...latest.current, link: next };
      setLink(next);
      await write({ link: next }).catch(() => undefined);
    },
    [write],
  );

  /** Forgets the whole draft ('Start over', or once its order is paid). */
  const clear = useCallback(async () => {
    pending.current = false;
    latest.current = { ...latest.current, link: null };
    setLink(null);
    await inTurn(async () => (await store()).clearDraft());
  }, [inTurn]);

  /** The draft's order is paid: forget the draft for good (nothing is written after this). */
  const finish = useCallback(async () => {
    finished.current = true;
    pending.current = false;
    await inTurn(async () => (await store()).clearDraft());
  }, [inTurn]);

  return { restored, link, rememberOrder, clear, finish };
}
