/**
 * node-postgres's client, changed in how it gives a query its callback, and in sending a statement
 * registered with `preparedStatement` (common/prepared-statements.ts) by its name.
 *
 * For a query asked without a callback (TypeORM's way) pg writes a function straight into a
 * property (`query.callback = (err, res) => ...`), and writes another when a read timeout is set.
 * V8 allocates a function written so in its old generation from the start: it "pretenures" a
 * function literal assigned to a property (V8's parser, CheckAssigningFunctionLiteralToProperty).
 * Each query's callback is thus old, dead once the query is answered, and kept until a full
 * collection. Until then every young-generation collection takes what that callback references
 * (the query's promise, and through it the request awaiting it) for alive, and moves it to the old
 * generation as well. The dashboard's first page promoted 34 KiB a request on PostgreSQL that way,
 * against under 4 KiB with this client (bench/promotion.bench.mjs), and only full collections, with their
 * pauses, free what was promoted.
 *
 * Here a query's callback is made where no property is written, and the read timeout (pg's
 * `query_timeout`, which this client takes as `readTimeoutMs` instead) works as pg's does.
 */
import pg from 'pg';
import { preparedStatementName } from '../common/prepared-statements';

/** What this client adds to pg's options. */
export interface PgClientConfig extends pg.ClientConfig {
  /** How long a query may wait for its answer before it fails with "Query read timeout"; unset: as long as it takes. */
  readTimeoutMs?: number;
}

type Callback = (error: Error | null | undefined, result?: pg.QueryResult) => void;

/** The parts of pg's query its client's read timeout uses (query.js). */
interface QueryInternals {
  callback: Callback;
  handleError(error: Error, connection: unknown): void;
}

/** The parts of pg's client its own read timeout uses (client.js, `query`). */
interface ClientInternals {
  connection: { stream: { destroy(): void } };
  pipeline?: boolean;
  _queryQueue: unknown[];
  _pulseQueryQueue(): void;
}

/** pg's query, for what this client leaves to it. */
const pgQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;

const ignore = (): void => undefined;

/** As pg does: the error's stack leads back to the code that asked, not to the socket's read. */
function withCallersStack(error: Error): never {
  Error.captureStackTrace(error);
  throw error;
}

/** pg's read timeout (client.js), for a query this client submitted. */
function readTimedOut(client: PgClient & ClientInternals, query: pg.Query & QueryInternals, answered: Callback): void {
  const error = new Error('Query read timeout');
  process.nextTick(() => query.handleError(error, client.connection));
  answered(error);
  // The answer, should it come after all, goes nowhere.
  query.callback = ignore;
  const index = client._queryQueue.indexOf(query);
  if (index > -1) {
    client._queryQueue.splice(index, 1);
  } else if (client.pipeline) {
    // Sent already on a pipelined connection: what is queued behind it waits for it, so the connection goes.
    client.connection.stream.destroy();
    return;
  }
  client._pulseQueryQueue();
}

function answeredQuery(client: PgClient, config: string | pg.QueryConfig, values: unknown): Promise<pg.QueryResult> {
  return new Promise<pg.QueryResult>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const answered: Callback = (error, result) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(result!);
    };
    const query = new pg.Query(config as pg.QueryConfig, values as unknown[], answered) as pg.Query & QueryInternals;
    pgQuery.call(client, query);
    if (client.readTimeoutMs)
      timer = setTimeout(readTimedOut, client.readTimeoutMs, client as PgClient & ClientInternals, query, answered);
  }).catch(withCallersStack);
}

export class PgClient extends pg.Client {
  readonly readTimeoutMs: number | undefined;

  constructor(config: PgClientConfig = {}) {
    const { readTimeoutMs, ...rest } = config;
    super(rest);
    this.readTimeoutMs = readTimeoutMs;
  }
}

/**
 * pg's query, taking every form pg takes: text or a config, with or without values and a callback,
 * or a query object of its own (a cursor, a stream), which pg runs as before.
 */
function query(this: PgClient, config: unknown, values?: unknown, callback?: unknown): unknown {
  if (config == null || typeof (config as { submit?: unknown }).submit === 'function')
    return pgQuery.call(this, config, values, callback);
  const answer = typeof values === 'function' ? undefined : values;
  const reply = (typeof values === 'function' ? values : callback) as Callback | undefined;
  const name = typeof config === 'string' ? preparedStatementName(config) : undefined;
  const result = answeredQuery(this, name ? { name, text: config as string } : (config as string | pg.QueryConfig), answer);
  if (!reply) return result;
  result.then((rows) => reply(null, rows), reply);
  return undefined;
}
PgClient.prototype.query = query as typeof pg.Client.prototype.query;
