import { Router } from 'express';
import path from 'node:path';
import type { Logger } from '../common/logger';
import type { MediaSigner } from './signed-url';
import type { Storage } from './storage';

const contentTypes: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
};

/** GET /media/{key}?exp=..&sig=..: streams a stored file to whoever holds a valid signed link. */
export function mediaRouter(storage: Storage, signer: MediaSigner, logger: Logger): Router {
  const router = Router();
  router.get('/*key', async (req, res) => {
    const key = (req.params as { key: string[] }).key.join('/');
    const { exp, sig } = req.query as { exp?: string; sig?: string };
    if (!signer.verify(key, exp, sig)) {
      res.status(403).type('text/plain').send('This link is invalid or has expired.');
      return;
    }
    const object = await storage.get(key);
    if (!object) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    const maxAge = Math.max(0, Number(exp) - Math.floor(Date.now() / 1000));
    res.set({
      'Content-Type': contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': String(object.size),
      'Cache-Control': `private, max-age=${maxAge}`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
    });
    object.stream.on('error', (error) => {
      logger.error('media stream failed', { key, error });
      res.destroy(error);
    });
    object.stream.pipe(res);
  });
  return router;
}
