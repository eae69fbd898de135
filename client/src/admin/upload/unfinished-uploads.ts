import type { SentPart, VideoUploadPlan } from './send-video-parts';

/**
 * A video upload straight to storage that has not finished, kept in this tab (sessionStorage) as
 * its parts go up: when the page is reloaded or left mid-upload, choosing the same file for the
 * same order again sends only the parts the store does not have yet. Only the tab that started
 * it can pick it up, and only while its signed part URLs still work.
 */
export interface UnfinishedUpload {
  orderId: string;
  /** The file as the browser describes it: the same name, size and modification time is the same file. */
  file: { name: string; size: number; lastModified: number };
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

/** Where this tab keeps an order's unfinished upload. */
export const unfinishedUploadKey = (orderId: string) => `storybook.videoUpload.${orderId}`;

/** As checkout-session.ts reads it (kept apart: one shared module splits the order form's first load). */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage turned off: uploads start afresh each time
  }
}

function identityOf(file: File): UnfinishedUpload['file'] {
  return { name: file.name, size: file.size, lastModified: file.lastModified };
}

/** The unfinished upload of this very file for this order, if this tab has one still in time. */
export function unfinishedUploadOf(orderId: string, file: File, now = Date.now()): UnfinishedUpload | null {
  let saved: UnfinishedUpload;
  try {
    const text = storage()?.getItem(unfinishedUploadKey(orderId));
    if (!text) return null;
    saved = JSON.parse(text) as UnfinishedUpload;
  } catch {
    return null;
  }
  const same = identityOf(file);
  const fits =
    saved?.orderId === orderId &&
    saved.file?.name === same.name &&
    saved.file.size === same.size &&
    saved.file.lastModified === same.lastModified &&
    typeof saved.startedAt === 'number' &&
    now - saved.startedAt >= 0 &&
    now - saved.startedAt < RESUME_WITHIN_MS &&
    Array.isArray(saved.plan?.parts) &&
    Array.isArray(saved.sent);
  if (!fits) {
    forgetUnfinishedUpload(orderId);
    return null;
  }
  return saved;
}

/** Starts keeping an upload the shop has just planned, with no part sent yet. */
export function keepUnfinishedUpload(orderId: string, file: File, plan: VideoUploadPlan, now = Date.now()): UnfinishedUpload {
  const upload: UnfinishedUpload = { orderId, file: identityOf(file), plan, sent: [], startedAt: now };
  write(upload);
  return upload;
}

/** Adds a part the store has taken. */
export function recordSentPart(upload: UnfinishedUpload, part: SentPart): void {
  upload.sent = [...upload.sent.filter((sent) => sent.partNumber !== part.partNumber), part];
  write(upload);
}

/** The upload is finished, refused or given up: a later choice of the file starts afresh. */
export function forgetUnfinishedUpload(orderId: string): void {
  try {
    storage()?.removeItem(unfinishedUploadKey(orderId));
  } catch {
    // nothing was kept
  }
}

function write(upload: UnfinishedUpload): void {
  try {
    storage()?.setItem(unfinishedUploadKey(upload.orderId), JSON.stringify(upload));
  } catch {
    // storage full or turned off: this upload cannot be picked up after a reload, and still goes on
  }
}
