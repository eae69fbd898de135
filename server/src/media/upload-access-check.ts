/**
 * Where admins' browsers send videos straight to the bucket: whether the bucket's CORS rules let
 * the admin portal in. Read at start-up, so a bucket that would refuse them is a warning in the
 * log naming what to add, before an admin's delivery runs into it; and read again, at most once a
 * minute, when a delivery starts, so a shop known to be refused sends its videos through itself
 * from the first try (and straight to the bucket again once the rule is added). Never stops the shop.
 */
import type { Logger } from '../common/logger';
import type { Storage } from './storage';

export type UploadAccess = 'allowed' | 'not allowed' | 'unknown';

/** How long a reading of the rules stands before a delivery's start reads them again. */
export const ACCESS_READING_MAX_AGE_MS = 60_000;
/** How long a delivery's start waits for the first reading, before going on as if it were unknown. */
export const FIRST_READING_WAIT_MS = 5_000;

export interface UploadAccessOptions {
  now?: () => number;
  maxAgeMs?: number;
  firstReadingWaitMs?: number;
}

export class VideoUploadAccess {
  private reading: { access: UploadAccess; at: number } | null = null;
  private pending: Promise<UploadAccess> | null = null;
  private readonly pageOrigin: string;
  private readonly now: () => number;
  private readonly maxAgeMs: number;
  private readonly firstReadingWaitMs: number;

  constructor(
    private readonly storage: Pick<Storage, 'directUploads' | 'describe'>,
    publicUrl: string,
    private readonly logger: Pick<Logger, 'info' | 'warn'>,
    options: UploadAccessOptions = {},
  ) {
    this.pageOrigin = new URL(publicUrl).origin;
    this.now = options.now ?? Date.now;
    this.maxAgeMs = options.maxAgeMs ?? ACCESS_READING_MAX_AGE_MS;
    this.firstReadingWaitMs = options.firstReadingWaitMs ?? FIRST_READING_WAIT_MS;
  }

  /**
   * Reads the rules now (one reading at a time) and logs what they say: the first reading always,
   * a later one only when the answer changed. 'skipped' where videos come through the shop.
   */
  async check(): Promise<UploadAccess | 'skipped'> {
    const uploads = this.storage.directUploads;
    if (!uploads) return 'skipped';
    this.pending ??= uploads
      .browserAccess(this.pageOrigin)
      .catch(() => 'unknown' as const)
      .then((read) => {
        const before = this.reading?.access;
        // A reading that failed tells nothing new: what was read before stands.
        const access = read === 'unknown' && before !== undefined ? before : read;
        this.reading = { access, at: this.now() };
        this.pending = null;
        if (access !== before) this.log(access, before === undefined);
        return access;
      });
    return this.pending;
  }

  /**
   * Whether the rules are known to keep the admin portal out. Answers from the last reading,
   * reading again in the background once it is older than a minute; before the first reading has
   * come back, waits for it a few seconds at most (a store that does not answer is 'unknown').
   */
  async refused(): Promise<boolean> {
    if (!this.storage.directUploads) return false;
    if (!this.reading) return (await this.firstReading()) === 'not allowed';
    if (this.now() - this.reading.at >= this.maxAgeMs) void this.check();
    return this.reading.access === 'not allowed';
  }

  private async firstReading(): Promise<UploadAccess | 'skipped'> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'unknown'>((resolve) => {
      timer = setTimeout(() => resolve('unknown'), this.firstReadingWaitMs);
      timer.unref();
    });
    try {
      return await Promise.race([this.check(), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private log(access: UploadAccess, first: boolean): void {
    const uploads = this.storage.directUploads!;
    const about = { bucket: this.storage.describe(), pageOrigin: this.pageOrigin, uploadOrigin: uploads.origin };
    if (access === 'allowed') {
      this.logger.info(
        first
          ? 'the bucket takes video uploads from the admin portal'
          : 'the bucket now takes video uploads from the admin portal: they go straight to it again',
        about,
      );
    } else if (access === 'not allowed') {
      this.logger.warn(
        "the bucket's CORS rules do not let the admin portal upload videos, so they come through the shop: add a rule allowing PUT from the shop's origin and exposing ETag (README, File storage), or set S3_DIRECT_UPLOADS=false",
        about,
      );
    } else {
      this.logger.info(
        "could not read the bucket's CORS rules; admins' video uploads need PUT from the shop's origin and ETag exposed",
        about,
      );
    }
  }
}
