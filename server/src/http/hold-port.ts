/**
 * Binds a port before the shop opens its database. A port that is taken then fails the start
 * before anything is created (no migration, no first admin, no password printed), and the port
 * stays this process's from then on: nothing can take it while the database opens. Until the
 * app takes the server over (`createApp({ server })`), every request is answered 503 with
 * Retry-After; /healthz says the process lives, /readyz that it is not ready yet.
 */
import http from 'node:http';

const STARTING = JSON.stringify({ status: 'starting' });

function starting(req: http.IncomingMessage, res: http.ServerResponse): void {
  const alive = (req.url ?? '/').split('?', 1)[0] === '/healthz';
  res.writeHead(alive ? 200 : 503, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...(alive ? {} : { 'Retry-After': '5' }),
  });
  res.end(STARTING);
}

/** Why a port could not be bound, in words an operator acts on. */
function portError(error: NodeJS.ErrnoException, port: number, host: string, name: string): Error {
  const where = `port ${port} on ${host}`;
  if (error.code === 'EADDRINUSE') {
    return new Error(`${where} is already in use: stop whatever listens there, or start the shop with another ${name}`);
  }
  if (error.code === 'EACCES') {
    return new Error(`${where} may not be bound by this user: choose a ${name} above 1023, or let a proxy listen on it`);
  }
  if (error.code === 'EADDRNOTAVAIL') {
    return new Error(`${where} cannot be bound: ${host} is not an address of this machine (HOST)`);
  }
  return new Error(`${where} could not be bound: ${error.message}`);
}

/**
 * Listens on `port` (0: a free one) with a server that answers "starting" until its 'request'
 * listener is replaced. `name` is the setting that chose the port, for the message when it is taken.
 */
export function holdPort(port: number, host: string, name = 'PORT'): Promise<http.Server> {
  const server = http.createServer(starting);
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(portError(error, port, host, name)));
    server.listen(port, host, () => {
      server.removeAllListeners('error');
      resolve(server);
    });
  });
}

/** Gives a held port back (for a listener that binds it itself, right after). */
export function releasePort(server: http.Server): Promise<void> {
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}
