/**
 * Files that no order references, left by a crash: a photo is written before its order's
 * transaction (a kill in between leaves a photo nobody knows), a write cut off on local disk
 * leaves a `.partial`, and an upload cut off by a kill leaves graphql-upload's spooled copy
 * in TMPDIR. The sweep deletes them once they are older than a grace period, so an upload
 * still in flight (whose file is still being written) is never touched. It runs at start-up
 * and hourly as a background job (orphaned-files.job.ts); several instances sweeping at once is harmless.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import type { Logger } from '../common/logger';
import type { Storage } from './storage';

/** Where the app writes files: a key under any other prefix is not the sweep's business. */
export const SWEPT_PREFIXES = ['photos/', 'videos/', 'books/', 'proofs/', 'print/'] as const;
/** Nothing younger is touched: the longest a file may exist before its order row commits. */
export const ORPHAN_GRACE_MS = 3600_000;
/** How fs-capacitor (graphql-upload's spool) names its files in TMPDIR. */
const SPOOL_FILE = /^capacitor-[0-9a-f]{32}\.tmp$/;

export interface OrphanSweepResult {
  files: string[];
  spoolFiles: string[];
}

export class OrphanedFiles {
  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: Storage,
    private readonly logger: Logger,
    private readonly options: { graceMs?: number; spoolDir?: string } = {},
  ) {}

  /** Deletes what no order references and is older than the grace period; returns what went. */
  async sweep(now = new Date()): Promise<OrphanSweepResult> {
    const cutoff = now.getTime() - (this.options.graceMs ?? ORPHAN_GRACE_MS);
    const files: string[] = [];
    for (const prefix of SWEPT_PREFIXES) {
      for await (const page of this.storage.list(prefix)) {
        const old = page.filter((object) => object.modifiedAt.getTime() < cutoff).map((object) => object.key);
        if (old.length === 0) continue;
        const referenced = await this.referenced(old);
        for (const key of old) {
          if (referenced.has(key)) continue;
          await this.storage.delete(key);
          files.push(key);
        }
      }
    }
    const spoolFiles = await this.sweepSpool(cutoff);
    if (files.length > 0 || spoolFiles.length > 0) {
      this.logger.info('orphaned files deleted', { count: files.length, keys: files, spoolFiles });
    }
    return { files, spoolFiles };
  }

  /**
   * Which of `keys` an order, a delivered version, a proof or a print job still points at, or a
   * video upload straight to the bucket has yet to hand to its delivery (S3 dates such an object
   * from the upload's start, so it can look older than the grace period the moment it appears).
   */
  private async referenced(keys: string[]): Promise<Set<string>> {
    const rows: Array<{ key: string }> = await this.dataSource.query(
      `SELECT photo_key AS key FROM orders WHERE photo_key = ANY($1::text[])
       UNION SELECT video_key FROM orders WHERE video_key = ANY($1::text[])
       UNION SELECT pdf_key FROM orders WHERE pdf_key = ANY($1::text[])
       UNION SELECT video_key FROM order_deliveries WHERE files_removed_at IS NULL AND video_key = ANY($1::text[])
       UNION SELECT pdf_key FROM order_deliveries WHERE files_removed_at IS NULL AND pdf_key = ANY($1::text[])
       UNION SELECT pdf_key FROM order_proofs WHERE files_removed_at IS NULL AND pdf_key = ANY($1::text[])
       UNION SELECT first_page_key FROM order_proofs WHERE files_removed_at IS NULL AND first_page_key = ANY($1::text[])
       UNION SELECT interior_key FROM print_jobs WHERE interior_key = ANY($1::text[])
       UNION SELECT cover_key FROM print_jobs WHERE cover_key = ANY($1::text[])
       UNION SELECT object_key FROM video_uploads WHERE object_key = ANY($1::text[])`,
      [keys],
    );
    return new Set(rows.map((row) => row.key));
  }

  /**
   * graphql-upload's spool files older than the grace period: a live upload writes its spool
   * continuously, and one still being read after that (a slow copy to storage) keeps its open
   * file, since an unlinked file stays readable to whoever has it open.
   */
  private async sweepSpool(cutoff: number): Promise<string[]> {
    const dir = this.options.spoolDir ?? os.tmpdir();
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      this.logger.warn('could not read the upload spool folder', { dir, error });
      return [];
    }
    const swept: string[] = [];
    for (const name of names) {
      if (!SPOOL_FILE.test(name)) continue;
      const file = path.join(dir, name);
      try {
        const info = await stat(file);
        if (!info.isFile() || info.mtimeMs >= cutoff) continue;
        await rm(file, { force: true });
        swept.push(name);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    return swept;
  }
}
