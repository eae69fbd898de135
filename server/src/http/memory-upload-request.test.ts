import express, { type ErrorRequestHandler } from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import graphqlUploadExpress from 'graphql-upload/graphqlUploadExpress.mjs';
import Upload from 'graphql-upload/Upload.mjs';
import { readLimited } from '../media/read-limited';
import { MemoryBudget, memoryUploadRequest, UPLOADS_BUSY_MESSAGE } from './memory-upload-request';

const FILE_CAP = 64 * 1024;

/**
 * A server that parses with `memoryUploadRequest` and answers with what the handler read of
 * `variables.file`, or the error it met; `read` chooses how.
 */
async function serve(budget: MemoryBudget, read: (upload: Upload) => Promise<unknown>) {
  const app = express();
  app.post(
    '/upload',
    graphqlUploadExpress({ maxFileSize: FILE_CAP, maxFiles: 1, processRequest: memoryUploadRequest(budget) }),
    async (req, res) => {
      const upload = (req.body as { variables: { file: Upload } }).variables.file;
      try {
        res.send({ read: await read(upload) });
      } catch (error) {
        res.send({ error: (error as Error).message, status: (error as { status?: number }).status });
      }
    },
  );
  const answerError: ErrorRequestHandler = (error: Error & { status?: number }, _req, res, _next) => {
    res.status(error.status ?? 500).send({ error: error.message });
  };
  app.use(answerError);
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`, server };
}

function form(
  file: Buffer | null,
  map: unknown = { 0: ['variables.file'] },
  operations: unknown = { variables: { file: null } },
) {
  const body = new FormData();
  body.append('operations', JSON.stringify(operations));
  body.append('map', JSON.stringify(map));
  if (file) body.append('0', new Blob([file], { type: 'image/png' }), 'kid.png');
  return body;
}

/** What the test server answers. */
interface Answer {
  read?: unknown;
  error?: string;
  status?: number;
}
const answerOf = async (response: Response): Promise<Answer> => (await response.json()) as Answer;

const readAll = async (upload: Upload) => {
  const file = await upload.promise;
  return (await readLimited(file.createReadStream(), Number.MAX_SAFE_INTEGER)).toString('base64');
};

describe('memoryUploadRequest', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(
      servers.map((server) => {
        server.closeAllConnections(); // fetch keeps its connections alive
        return new Promise((resolve) => server.close(resolve));
      }),
    );
  });
  const start = async (budget: MemoryBudget, read: (upload: Upload) => Promise<unknown> = readAll) => {
    const started = await serve(budget, read);
    servers.push(started.server);
    return started.url;
  };
  const waitUntilReleased = async (budget: MemoryBudget) => {
    for (let i = 0; i < 100 && budget.usedBytes !== 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it('hands the file over as it arrived, and lets go of its bytes once the answer is sent', async () => {
    const budget = new MemoryBudget(1024 * 1024);
    const url = await start(budget);
    const file = Buffer.alloc(40 * 1024, 7);
    file.write('not on disk', 100);
    const answer = await answerOf(await fetch(url, { method: 'POST', body: form(file) }));
    expect(Buffer.from(answer.read as string, 'base64').equals(file)).toBe(true);
    await waitUntilReleased(budget);
    expect(budget.usedBytes).toBe(0);
  });

  it('refuses a photo that would take the budget past its limit, and holds nothing of it', async () => {
    const budget = new MemoryBudget(16 * 1024);
    const url = await start(budget);
    const answer = await answerOf(await fetch(url, { method: 'POST', body: form(Buffer.alloc(40 * 1024, 1)) }));
    expect(answer).toEqual({ error: UPLOADS_BUSY_MESSAGE, status: 503 });
    await waitUntilReleased(budget);
    expect(budget.usedBytes).toBe(0);
  });

  it('cuts a file off one byte past its cap with a 413 its reader sees', async () => {
    const budget = new MemoryBudget(1024 * 1024);
    const url = await start(budget);
    const answer = await answerOf(await fetch(url, { method: 'POST', body: form(Buffer.alloc(FILE_CAP + 10, 1)) }));
    expect(answer).toEqual({ error: `File truncated as it exceeds the ${FILE_CAP} byte size limit.`, status: 413 });
    await waitUntilReleased(budget);
    expect(budget.usedBytes).toBe(0);
  });

  it('lets a request that never reads its file finish, its bytes let go', async () => {
    const budget = new MemoryBudget(1024 * 1024);
    const url = await start(budget, async () => 'ignored');
    const answer = await answerOf(await fetch(url, { method: 'POST', body: form(Buffer.alloc(FILE_CAP, 2)) }));
    expect(answer).toEqual({ read: 'ignored' });
    await waitUntilReleased(budget);
    expect(budget.usedBytes).toBe(0);
  });

  it('answers 400 when the map names no place in the operations, or a place it must not touch', async () => {
    const url = await start(new MemoryBudget(1024 * 1024));
    for (const path of ['__proto__.polluted', 'variables..file', 'variables.file.constructor']) {
      const response = await fetch(url, { method: 'POST', body: form(Buffer.from('x'), { 0: [path] }) });
      expect(response.status).toBe(400);
      expect((await answerOf(response)).error).toMatch(/^Invalid object path for the ‘map’ multipart field entry key ‘0’/);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers 400 for operations that are not JSON, and for a file the request does not carry', async () => {
    const url = await start(new MemoryBudget(1024 * 1024));
    const broken = new FormData();
    broken.append('operations', '{not json');
    broken.append('map', '{}');
    const response = await fetch(url, { method: 'POST', body: broken });
    expect(response.status).toBe(400);
    expect((await answerOf(response)).error).toMatch(/^Invalid JSON in the ‘operations’ multipart field/);

    const missing = await answerOf(await fetch(url, { method: 'POST', body: form(null) }));
    expect(missing).toEqual({ error: 'File missing in the request.', status: 400 });
  });

  it('puts the file where a nested path names it, making the list on the way', async () => {
    const budget = new MemoryBudget(1024 * 1024);
    const app = express();
    let seen: unknown;
    app.post('/nested', graphqlUploadExpress({ processRequest: memoryUploadRequest(budget) }), (req, res) => {
      seen = req.body;
      res.send({});
    });
    const server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    servers.push(server);
    const nestedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/nested`;
    await fetch(nestedUrl, {
      method: 'POST',
      body: form(Buffer.from('x'), { 0: ['variables.files.0'] }, { variables: {} }),
    });
    const files = (seen as { variables: { files: unknown } }).variables.files;
    expect(Array.isArray(files)).toBe(true);
    expect((files as unknown[])[0]).toBeInstanceOf(Upload);
  });
});
