import express, { type Express } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Serves the built client, when there is one, with history fallback: every other GET, `/` included, is a client route. */
export function hostClient(app: Express, clientDistDir: string): void {
  const indexHtml = path.join(clientDistDir, 'index.html');
  if (!existsSync(indexHtml)) return;
  app.use(express.static(clientDistDir, { index: false, maxAge: '1h' }));
  app.get('/{*path}', (_req, res) => {
    res.set('Cache-Control', 'no-cache').sendFile(indexHtml);
  });
}
