/**
 * A new instance looks up a session and runs the admin dashboard's and the storefront's
 * read-only queries a few times, in-process, before its port answers them: the first run of a
 * code path in a new process compiles it and fills the caches TypeORM and GraphQL keep.
 * Measured at 100,000 orders on PostgreSQL (bench/stalls.bench.mjs), the first dashboard
 * requests of a new process took 55-65 ms against 12 ms after; here most of that is paid
 * before the first admin after a deploy asks.
 *
 * The documents run as an owner who exists only here: in memory, never stored, and reachable
 * by nothing but these fixed, read-only documents. A warm-up that fails is logged and
 * forgotten: the instance serves as it would have without it.
 */
import { type DocumentNode, type GraphQLSchema, execute, parse, validate } from 'graphql';
import type { Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import type { Logger } from '../common/logger';
import type { Services } from '../composition';
import { AdminRole } from '../admin/admin-role';
import { AdminUser } from '../admin/admin-user.entity';
import type { Context } from '../graphql/context';
import { requestLoaders } from './create-context';

// The dashboard's first page as the client asks for it (client/src/admin/dashboard/orders-operations.ts).
const ADMIN_ORDERS = `
  query WarmUpAdminOrders($search: String) {
    orders(search: $search, first: 20) {
      edges {
        cursor
        node {
          id childName email bookFormat moral status createdAt photoUrl videoUrl
          shippingCarrier trackingNumber trackingUrl shippedAt pdfUrl
          paymentAlerts { paymentId }
          changeRequest { message requestedAt }
        }
      }
      pageInfo { hasNextPage endCursor }
      total { count exact }
    }
  }`;
const CATALOGUE = `
  query WarmUpCatalogue {
    catalogue { currency plans { format title priceCents recommended } lifeLessons { value label emoji } }
  }`;

/** Each document with the variables it runs with; every round runs them all (a path gets faster over its first few runs). */
const RUNS: { source: string; variables: Record<string, unknown>[] }[] = [
  { source: CATALOGUE, variables: [{}] },
  // The first page, then a search that matches nothing: the search and its count, without a result set to carry.
  { source: ADMIN_ORDERS, variables: [{}, { search: 'warm-up@shop.invalid' }] },
];
const ROUNDS = 3;

export interface WarmUpReport {
  ms: number;
  /** The documents' errors, if any (the instance serves anyway). */
  errors: string[];
}

export async function warmUp(schema: GraphQLSchema, services: Services, logger: Logger): Promise<WarmUpReport> {
  const started = performance.now();
  const owner = Object.assign(new AdminUser(), {
    id: '00000000-0000-4000-8000-000000000000',
    email: 'warm-up@shop.invalid',
    role: AdminRole.OWNER,
    createdAt: new Date(0),
    lastLoginAt: null,
    disabledAt: null,
  });
  const errors = new Set<string>();
  const attempt = async (work: () => unknown): Promise<void> => {
    try {
      await work();
    } catch (error) {
      errors.add(error instanceof Error ? error.message : String(error));
    }
  };
  // Parsed and checked once; only their execution is repeated.
  const runs: { document: DocumentNode; variables: Record<string, unknown> }[] = [];
  for (const { source, variables } of RUNS) {
    await attempt(() => {
      const document = parse(source);
      const invalid = validate(schema, document);
      if (invalid.length) throw invalid[0];
      runs.push(...variables.map((values) => ({ document, variables: values })));
    });
  }
  for (let round = 0; round < ROUNDS; round++) {
    // Every admin request first finds its session: a token no session has finds none.
    await attempt(() => services.auth.adminForToken(randomBytes(32).toString('base64url')));
    for (const { document, variables } of runs) {
      const context: Context = {
        // No document here reads the request or writes the response (cookies are sign-in's).
        req: {} as Request,
        res: {} as Response,
        admin: async () => owner,
        ordersCreated: 0,
        loaders: requestLoaders(services),
      };
      await attempt(async () => {
        const result = await execute({ schema, document, variableValues: variables, contextValue: context });
        for (const error of result.errors ?? []) errors.add(error.message);
      });
    }
  }
  const report = { ms: Math.round(performance.now() - started), errors: [...errors] };
  if (report.errors.length) logger.warn('warm-up: a query failed (the shop serves anyway)', report);
  else logger.debug('warm-up done', { ms: report.ms });
  return report;
}
