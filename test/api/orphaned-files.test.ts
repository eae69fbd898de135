/**
 * The sweep of files no order references: a photo left by a crash between its write and its
 * order's transaction, `.partial` leftovers of cut-off writes, and graphql-upload's spool
 * files in TMPDIR. Only what is older than the grace period goes; what an order or a
 * delivered version references stays, however old.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../../server/src/common/logger';
import { OrphanedFiles } from '../../server/src/media/orphaned-files';
import { GraphQLClient } from '../support/graphql-client';
import { makePng } from '../support/images';
import { CREATE_ORDER, digitalOrder } from '../support/orders';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let spoolDir: string;
beforeAll(async () => {
  server = await startTestServer();
  spoolDir = mkdtempSync(path.join(os.tmpdir(), 'spool-test-'));
});
afterAll(async () => {
  rmSync(spoolDir, { recursive: true, force: true });
  await server?.close();
});

const TWO_HOURS_AGO = new Date(Date.now() - 2 * 3600_000);
const filesDir = () => path.join(server.dataDir, 'files');

/** A file as a crash would leave it, last written `at`. */
function leave(file: string, at?: Date): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, randomBytes(64));
  if (at) utimesSync(file, at, at);
  return file;
}

const stored = (key: string, at?: Date) => leave(path.join(filesDir(), key), at);
const spool = (name: string, at?: Date) => leave(path.join(spoolDir, name), at);

function recordingLogger() {
  const lines: Array<{ msg: string; fields?: Record<string, unknown> }> = [];
  const log = (msg: string, fields?: Record<string, unknown>) => lines.push({ msg, fields });
  const logger: Logger = { debug: log, info: log, warn: log, error: log };
  return { logger, lines };
}

describe('the orphaned file sweep', () => {
  it('deletes old files no order references, keeps referenced and fresh ones, and logs what went', async () => {
    const response = await new GraphQLClient(server.url).upload(
      CREATE_ORDER,
      { input: digitalOrder() },
      { childPhoto: { name: 'kid.png', type: 'image/png', data: await makePng() } },
    );
    const orderId = response.data!.createOrder.orderId as string;
    const [{ photo_key: photoKey }] = await server.dataSource.query('SELECT photo_key FROM orders WHERE id = $1', [orderId]);
    const referencedPhoto = path.join(filesDir(), photoKey);
    utimesSync(referencedPhoto, TWO_HOURS_AGO, TWO_HOURS_AGO);
    // A delivered book: the current files on the order, an older version's video only in order_deliveries.
    const video = stored(`videos/${orderId}-aaaaaaaa.mp4`, TWO_HOURS_AGO);
    const pdf = stored(`books/${orderId}-aaaaaaaa.pdf`, TWO_HOURS_AGO);
    const olderVideo = stored(`videos/${orderId}-00000000.mp4`, TWO_HOURS_AGO);
    await server.dataSource.query(`UPDATE orders SET video_key = $2, pdf_key = $3 WHERE id = $1`, [
      orderId,
      `videos/${orderId}-aaaaaaaa.mp4`,
      `books/${orderId}-aaaaaaaa.pdf`,
    ]);
    await server.dataSource.query(
      `INSERT INTO order_deliveries (id, order_id, version, video_key, pdf_key, actor) VALUES ($1, $2, 1, $3, NULL, 'admin@example.com')`,
      [randomUUID(), orderId, `videos/${orderId}-00000000.mp4`],
    );

    const orphanPhoto = stored(`photos/${randomUUID()}.jpg`, TWO_HOURS_AGO);
    const orphanVideo = stored(`videos/${randomUUID()}-12345678.mp4`, TWO_HOURS_AGO);
    const orphanPdf = stored(`books/${randomUUID()}-12345678.pdf`, TWO_HOURS_AGO);
    const partialPhoto = stored(`photos/${randomUUID()}.png.${randomUUID()}.partial`, TWO_HOURS_AGO);
    const partialVideo = stored(`videos/${randomUUID()}-12345678.mp4.${randomUUID()}.partial`, TWO_HOURS_AGO);
    // Still being written, or its order's transaction about to commit: within the grace period.
    const freshPhoto = stored(`photos/${randomUUID()}.jpg`);
    const freshPartial = stored(`videos/${randomUUID()}-12345678.mp4.${randomUUID()}.partial`);
    // Not one of the app's folders.
    const elsewhere = stored('exports/report.csv', TWO_HOURS_AGO);

    const oldSpool = `capacitor-${randomBytes(16).toString('hex')}.tmp`;
    spool(oldSpool, TWO_HOURS_AGO);
    const freshSpool = spool(`capacitor-${randomBytes(16).toString('hex')}.tmp`);
    const notOurs = [spool('capacitor-notes.tmp', TWO_HOURS_AGO), spool('upload.tmp', TWO_HOURS_AGO)];

    const { logger, lines } = recordingLogger();
    const sweep = new OrphanedFiles(server.dataSource, server.app.services.storage, logger, { spoolDir });
    const result = await sweep.sweep();

    for (const gone of [orphanPhoto, orphanVideo, orphanPdf, partialPhoto, partialVideo]) expect(existsSync(gone)).toBe(false);
    for (const kept of [referencedPhoto, video, pdf, olderVideo, freshPhoto, freshPartial, elsewhere]) {
      expect(existsSync(kept)).toBe(true);
    }
    expect(existsSync(path.join(spoolDir, oldSpool))).toBe(false);
    for (const kept of [freshSpool, ...notOurs]) expect(existsSync(kept)).toBe(true);

    const relative = (file: string) => path.relative(filesDir(), file);
    expect(result.files.sort()).toEqual([orphanPhoto, orphanVideo, orphanPdf, partialPhoto, partialVideo].map(relative).sort());
    expect(result.spoolFiles).toEqual([oldSpool]);
    expect(lines).toEqual([{ msg: 'orphaned files deleted', fields: { count: 5, keys: result.files, spoolFiles: [oldSpool] } }]);

    // Nothing left to do: a second sweep deletes nothing and says nothing.
    expect(await sweep.sweep()).toEqual({ files: [], spoolFiles: [] });
    expect(lines).toHaveLength(1);
  });
});
