/**
 * Where admins' browsers send videos straight to the bucket: whether the bucket's CORS rules let
 * the admin portal in. Read at start-up, so a bucket that would refuse them is a warning in the
 * log naming what to add, before an admin's delivery runs into it; and read again when a delivery
 * starts and the last reading is over a minute old. Where browsers meet the very rules read (see
 * DirectUploads.rulesMetByBrowsers), a bucket known to refuse them gets its videos through the
 * shop from the first try, and straight again once the rule is added. Never stops the shop.
 */
import type { Logger } from '../common/logger';
import { within } from '../common/within';
import type { BrowserAccess, Storage } from './storage';

/** How long a reading of the rules stands before a delivery's start reads them again. */
export const ACCESS_READING_MAX_AGE_MS = 60_000;
/** How long a delivery's start waits for a reading it needs, before going on without it. */
export const READING_WAIT_MS = 5_000;

export interface UploadAccessOptions {
  now?: () => number;
  maxAgeMs?: number;
  readingWaitMs?: number;
}

export class VideoUploadAccess {
  private reading: { access: BrowserAccess; at: number } | null = null;
  private pending: Promise<BrowserAccess> | null = null;
  private readonly pageOrigin: string;
  private readonly now: () => number;
  private readonly maxAgeMs: number;
  private readonly readingWaitMs: number;

  constructor(
    private readonly storage: Pick<Storage, 'directUploads' | 'describe'>,
    publicUrl: string,
    private readonly logger: Pick<Logger, 'info' | 'warn'>,
    options: UploadAccessOptions = {},
  ) {
    this.pageOrigin = new URL(publicUrl).origin;
    this.now = options.now ?? Date.now;
    this.maxAgeMs = options.maxAgeMs ?? ACCESS_READING_MAX_AGE_MS;
    this.readingWaitMs = options.readingWaitMs ?? READING_WAIT_MS;
  }

  /**
   * Reads the rules now (one reading at a time) and logs what they say: the first reading always,
   * a later one only when the answer changed. A reading that fails keeps the answer before it.
   * 'skipped' where videos come through the shop.
   */
  async check(): Promise<BrowserAccess | 'skipped'> {
    const uploads = this.storage.directUploads;
    if (!uploads) return 'skipped';
    this.pending ??= uploads
      .browserAccess(this.pageOrigin)
      .catch(() => 'unknown' as const)
      .then((read) => {
        const before = this.reading?.access;
        const access = read === 'unknown' && before !== undefined ? before : read;
        this.reading = { access, at: this.now() };
        this.pending = null;
        if (access !== before) this.log(access, before);
        return access;
      });
    return this.pending;
  }

  /**
   * Whether a delivery's video must come through the shop because the rules keep the admin portal
   * out. Reads them first when there is no reading yet, and again when the last is over a minute
   * old: waiting for it (a few seconds at most) when there is none or it said no, so a rule added
   * meanwhile counts at once; in the background otherwise. A store that does not answer in time
   * leaves the answer as it was.
   */
  async refused(): Promise<boolean> {
    const uploads = this.storage.directUploads;
    if (!uploads?.rulesMetByBrowsers) return false;
    if (!this.reading || this.now() - this.reading.at >= this.maxAgeMs) {
      if (!this.reading || this.reading.access === 'not allowed') await within(this.readingWaitMs, this.check());
      else void this.check();
    }
    return this.knownRefused();
  }

  /** What the last reading said, without reading again or waiting: true when it keeps the admin portal out. */
  knownRefused(): boolean {
    return this.reading?.access === 'not allowed' && this.storage.directUploads?.rulesMetByBrowsers === true;
  }

  private log(access: BrowserAccess, before: BrowserAccess | undefined): void {
    const uploads = this.storage.directUploads!;
    const about = { bucket: this.storage.describe(), pageOrigin: this.pageOrigin, uploadOrigin: uploads.origin };
    if (access === 'allowed') {
      this.logger.info(
        before === 'not allowed'
          ? 'the bucket now takes video uploads from the admin portal: they go straight to it again'
          : 'the bucket takes video uploads from the admin portal',
        about,
      );
    } else if (access === 'not allowed') {
      const fix =
        "add a rule allowing PUT from the shop's origin and exposing ETag (README, File storage), or set S3_DIRECT_UPLOADS=false";
      this.logger.warn(
        uploads.rulesMetByBrowsers
          ? `the bucket's CORS rules do not let the admin portal upload videos, so they come through the shop: ${fix}`
          : `the bucket's CORS rules do not let the admin portal upload videos (unless what answers at the upload address adds its own): ${fix}`,
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
