/**
 * GraphiQL at /graphiql: the offline API explorer, built from the app's own bundle
 * (client/dist-graphiql, `npm run build`), so no request leaves the machine. Served where
 * Apollo Sandbox is (outside production, or with API_EXPLORER=true); a 404 everywhere else,
 * before the storefront's history fallback could answer it.
 */
import express, { type Router } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { GRAPHIQL_PATH } from './apollo';

export function graphiqlRouter(distDir: string, enabled: boolean): Router {
  const router = express.Router();
  const indexHtml = path.join(distDir, 'index.html');
  if (enabled && existsSync(indexHtml)) {
    router.use(GRAPHIQL_PATH, express.static(distDir, { index: false, maxAge: '1h' }));
    router.get([GRAPHIQL_PATH, `${GRAPHIQL_PATH}/`], (_req, res) => {
      res.set('Cache-Control', 'no-cache').sendFile(indexHtml);
    });
  }
  const notHere = enabled ? 'GraphiQL is not built here: run `npm run build`.' : 'Not found';
  router.all([GRAPHIQL_PATH, `${GRAPHIQL_PATH}/{*rest}`], (_req, res) => {
    res.status(404).type('text/plain').send(notHere);
  });
  return router;
}
