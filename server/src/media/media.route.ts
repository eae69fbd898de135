/**
 * GET /media/{key}?exp=..&sig=..: streams a stored file to whoever holds a valid signed link.
 * Answers single Range requests (206), so a video player can seek and a download can resume,
 * and `&download=1` asks the browser to save the file instead of showing it, under `&name=` (plus
 * the file's own extension) when one the shop makes is given (download-name.ts).
 */
import { Router } from 'express';
import path from 'node:path';
import type { Logger } from '../common/logger';
import { mediaContentType } from './content-type';
import type { MediaSigner } from './signed-url';
import type { ByteRange, Storage } from './storage';
import { requestedName } from './download-name';

/** The file name a download is saved under: the name asked for with the stored file's extension, or the key's own. */
function savedName(key: string, name: string | null): string {
  return name ? `${name}${path.extname(key)}` : path.basename(key);
}

/** The one range of `bytes=a-b`, `bytes=a-` or `bytes=-n`; 'unsatisfiable' past the end; null to send it all. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  if (size === 0) return 'unsatisfiable';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or anything odd: the whole file is a correct answer to those.
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

export function mediaRouter(storage: Storage, signer: MediaSigner, logger: Logger): Router {
  const router = Router();
  router.get('/*key', async (req, res) => {
    const key = (req.params as { key: string[] }).key.join('/');
    const { exp, sig, download, name } = req.query as { exp?: string; sig?: string; download?: string; name?: unknown };
    if (!signer.verify(key, exp, sig)) {
      res.status(403).type('text/plain').send('This link is invalid or has expired.');
      return;
    }
    const size = await storage.size(key);
    if (size === null) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    const range = parseRange(req.headers.range, size);
    if (range === 'unsatisfiable') {
      res.status(416).set('Content-Range', `bytes */${size}`).end();
      return;
    }
    const object = await storage.get(key, range ?? undefined);
    if (!object) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    const maxAge = Math.max(0, Number(exp) - Math.floor(Date.now() / 1000));
    res.set({
      'Content-Type': mediaContentType(key),
      'Content-Length': String(range ? range.end - range.start + 1 : object.size),
      'Accept-Ranges': 'bytes',
      'Cache-Control': `private, max-age=${maxAge}`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': download === '1' ? `attachment; filename="${savedName(key, requestedName(name))}"` : 'inline',
    });
    if (range) res.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
    object.stream.on('error', (error) => {
      logger.error('media stream failed', { key, error });
      res.destroy(error);
    });
    // A viewer closing the tab mid-video must not leave the file (or the S3 response) open.
    res.on('close', () => object.stream.destroy());
    object.stream.pipe(res);
  });
  return router;
}
