/**
 * GET /admin/orders.csv?status=..&q=..: the dashboard's current filter and search as a CSV
 * download, for a signed-in owner only (the session cookie; 401 without one, 403 for STUDIO). It only reads, so a
 * cross-site link can at most start a download on the admin's own machine; no page elsewhere can
 * read the answer. Rows stream from the database as the client takes them.
 */
import { Router } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Logger } from '../common/logger';
import type { OrderExport } from './orders-csv';
import { OrderStatus } from '../orders/order-status';
import type { RequestAdmin } from '../http/request-admin';
import { isOwner } from '../graphql/auth-checker';

const MAX_SEARCH_LENGTH = 200;

export function ordersCsvRouter(exporter: OrderExport, requestAdmin: RequestAdmin, logger: Logger): Router {
  const router = Router();
  router.get('/admin/orders.csv', async (req, res, next) => {
    try {
      const admin = await requestAdmin.of(req);
      res.set('Cache-Control', 'no-store');
      if (!admin) {
        res.status(401).type('text/plain').send('Sign in to the admin portal to export orders.');
        return;
      }
      if (!isOwner(admin)) {
        // The export is every parent's e-mail address: the customer list stays with the owners.
        logger.warn('orders export refused: not an owner', { adminId: admin.id });
        res.status(403).type('text/plain').send('Only an owner of the shop can export orders.');
        return;
      }
      const { status, q } = req.query;
      if (status !== undefined && (typeof status !== 'string' || (status !== '' && !isStatus(status)))) {
        res
          .status(400)
          .type('text/plain')
          .send(`status must be one of ${Object.values(OrderStatus).join(', ')}.`);
        return;
      }
      if (q !== undefined && (typeof q !== 'string' || q.length > MAX_SEARCH_LENGTH)) {
        res.status(400).type('text/plain').send(`q must be one search of at most ${MAX_SEARCH_LENGTH} characters.`);
        return;
      }
      const filter = { status: status ? (status as OrderStatus) : null, search: q ?? null };
      const today = new Date().toISOString().slice(0, 10);
      res.status(200);
      res.set({
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="orders-${today}.csv"`,
      });
      logger.info('orders exported', { adminId: admin.id, ...filter });
      // A failure part-way destroys the response: the admin gets a broken download, never a short file that looks whole.
      await pipeline(Readable.from(exporter.csv(filter)), res);
    } catch (error) {
      if (res.headersSent) {
        if ((error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE')
          logger.info('orders export abandoned by the client');
        else logger.error('orders export failed part-way', { error });
        res.destroy();
      } else {
        next(error);
      }
    }
  });
  return router;
}

function isStatus(value: string): value is OrderStatus {
  return (Object.values(OrderStatus) as string[]).includes(value);
}
