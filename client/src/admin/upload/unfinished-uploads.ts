import type { SentPart, VideoUploadPlan } from './send-video-parts';

/**
 * A video upload straight to storage that has not finished, kept in this browser (localStorage)
 * as its parts go up: when the page is reloaded, or its tab closed, mid-upload, choosing the same
 * file for the same order again, in any tab of this browser, sends only the parts the store does
 * not have yet, while its signed part URLs still work. Nothing of the child is kept: the order's
 * id, the file's size and modification time, the part URLs and what the store answered. An
 * upload past its time is dropped whenever an upload is kept or looked for, and every one at
 * sign-out.
 */
export interface UnfinishedUpload {
  orderId: string;
  /** The file as the browser describes it: the same size and modification time is the same file, renamed or not. */
  file: { size: number; lastModified: number };
  plan: VideoUploadPlan;
  sent: SentPart[];
  /** When the shop signed the part URLs (ms since the epoch). */
  startedAt: number;
}

/**
 * How long after its start an upload is picked up again: the shop's part URLs work for 6 hours
 * (PART_URL_TTL_SECONDS); an hour less leaves the rest of the file time to go up.
 */
export const RESUME_WITHIN_MS = 5 * 3600 * 1000;

const KEY_PREFIX = 'storybook.videoUpload.';

/** Where this browser keeps an order's unfinished upload. */
export const unfinishedUploadKey = (orderId: string) => `${KEY_PREFIX}${orderId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage turned off: uploads start afresh each time
  }
}

function identityOf(file: File): UnfinishedUpload['file'] {
  return { size: file.size, lastModified: file.lastModified };
}

/** What this browser keeps under `key`, parsed: null when nothing, unreadable, or storage is turned off. */
function readSaved(key: string): Partial<UnfinishedUpload> | null {
  try {
    const text = storage()?.getItem(key);
    return text ? (JSON.parse(text) as Partial<UnfinishedUpload> | null) : null;
  } catch {
    return null;
  }
}

/** What is kept under `key`, if it is an unfinished upload still in time at `now`. */
function readKept(key: string, now: number): UnfinishedUpload | null {
  const saved = readSaved(key) as UnfinishedUpload | null;
  const whole =
    typeof saved?.orderId === 'string' &&
    key === unfinishedUploadKey(saved.orderId) &&
    typeof saved.file?.size === 'number' &&
    typeof saved.file.lastModified === 'number' &&
    typeof saved.startedAt === 'number' &&
    now - saved.startedAt >= 0 &&
    now - saved.startedAt < RESUME_WITHIN_MS &&
    Array.isArray(saved.plan?.parts) &&
    Array.isArray(saved.sent);
  return whole ? saved : null;
}

/** Removes every upload kept in this browser that `drop` picks by its key. */
function dropWhere(drop: (key: string) => boolean): void {
  const kept = storage();
  if (!kept) return;
  try {
    for (const key of keptKeys(kept)) if (drop(key)) kept.removeItem(key);
  } catch {
    // storage turned off meanwhile: nothing to drop
  }
}

/** Every kept upload past its time, or unreadable: a tab closed for good leaves nothing for long. */
const dropStale = (now: number) => dropWhere((key) => readKept(key, now) === null);

/** The unfinished upload of this very file for this order, if this browser has one still in time. */
export function unfinishedUploadOf(orderId: string, file: File, now = Date.now()): UnfinishedUpload | null {
  dropStale(now);
  const saved = readKept(unfinishedUploadKey(orderId), now);
  if (!saved) return null;
  const same = identityOf(file);
  if (saved.file.size !== same.size || saved.file.lastModified !== same.lastModified) {
    forgetUnfinishedUpload(orderId);
    return null;
  }
  return saved;
}

/** Starts keeping an upload the shop has just planned, with no part sent yet. */
export function keepUnfinishedUpload(orderId: string, file: File, plan: VideoUploadPlan, now = Date.now()): UnfinishedUpload {
  dropStale(now);
  const upload: UnfinishedUpload = { orderId, file: identityOf(file), plan, sent: [], startedAt: now };
  write(upload);
  return upload;
}

/** Adds a part the store has taken. */
export function recordSentPart(upload: UnfinishedUpload, part: SentPart): void {
  upload.sent = [...upload.sent.filter((sent) => sent.partNumber !== part.partNumber), part];
  // Forgotten meanwhile (Logout, or another tab delivered or replaced it): not kept again.
  if (readSaved(unfinishedUploadKey(upload.orderId))?.plan?.id === upload.plan.id) write(upload);
}

/** The upload is finished, refused or given up: a later choice of the file starts afresh. */
export function forgetUnfinishedUpload(orderId: string): void {
  try {
    storage()?.removeItem(unfinishedUploadKey(orderId));
  } catch {
    // nothing was kept
  }
}

/**
 * Runs one delivery of an order's book holding this browser's lock on the order's upload (the Web
 * Locks API), so two tabs never send or pick up the same upload at once: `held` is false while
 * another tab of this browser delivers that order. Closing that tab frees the lock. A browser
 * without the API runs each delivery as if it held the lock.
 */
export async function withUploadLock<T>(orderId: string, work: (held: boolean) => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | undefined);
  if (!locks) return work(true);
  return locks.request(unfinishedUploadKey(orderId), { ifAvailable: true }, (lock) => work(lock !== null));
}

/** At sign-out: no upload is picked up by whoever signs in next on this browser. */
export function forgetEveryUnfinishedUpload(): void {
  dropWhere(() => true);
}

function write(upload: UnfinishedUpload): void {
  const kept = storage();
  if (!kept) return;
  const key = unfinishedUploadKey(upload.orderId);
  const text = JSON.stringify(upload);
  // The origin's storage may be full (a 2 GB video's part URLs take some 400 KB): the upload under
  // way matters more than other orders' unfinished ones, which make room for it, oldest first.
  let others: string[] | null = null;
  for (;;) {
    try {
      kept.setItem(key, text);
      return;
    } catch (error) {
      const full = error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);
      if (!full) return; // turned off: this upload cannot be picked up after a reload, and still goes on
      others ??= othersOldestFirst(kept, key);
      const oldest = others.shift();
      if (oldest === undefined) return; // nothing left to drop: as above
      kept.removeItem(oldest);
    }
  }
}

/** The keys of the uploads kept in this browser. */
function keptKeys(kept: Storage): string[] {
  return Array.from({ length: kept.length }, (_, index) => kept.key(index)).filter(
    (key): key is string => key?.startsWith(KEY_PREFIX) ?? false,
  );
}

/** The keys of the uploads kept beside `key`, the one begun first (or unreadable) first. */
function othersOldestFirst(kept: Storage, key: string): string[] {
  const startedAt = (other: string): number => {
    const at = readSaved(other)?.startedAt;
    return typeof at === 'number' ? at : Number.NEGATIVE_INFINITY;
  };
  return keptKeys(kept)
    .filter((other) => other !== key)
    .map((other) => ({ other, at: startedAt(other) }))
    .sort((a, b) => a.at - b.at)
    .map(({ other }) => other);
}
