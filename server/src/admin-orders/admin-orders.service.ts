/**
 * The admin's list of orders: newest first, filtered by status and search, keyset-paginated,
 * with exact totals that do not grow with the table.
 */
import { type DataSource, In, type SelectQueryBuilder } from 'typeorm';
import { firstInputError } from '../common/input-validation';
import type { Outcome } from '../common/user-error';
import { OrderCount } from '../orders/order-count.entity';
import { Order } from '../orders/order.entity';
import type { OrderConnection, OrderTotal } from './order-connection.types';
import { decodeCursor, encodeCursor, type OrderCursor } from './order-cursor';
import { applyOrderFilter, type SearchCores, searchesTextOnly } from './order-filter';
import type { OrdersArgs } from './orders.args';
import { sampleTrigrams, searchCore, type TrigramSample } from './search-core';
import { refusal } from '../common/user-error';

const DEFAULT_PAGE_SIZE = 20;

/** A search with at most this many matches has its page and count read in one pass (fewMatches). */
export const FEW_MATCHES_UP_TO = 1_000;

/** How many of the newest orders stand for the shop's e-mails and names when a search is narrowed. */
const TRIGRAM_SAMPLE_ORDERS = 1_000;

/** How long such a sample stands before the next search takes a new one. */
const TRIGRAM_SAMPLE_MS = 15 * 60_000;

/** After a sample could not be taken, searches go whole this long before one is tried again. */
const TRIGRAM_SAMPLE_RETRY_MS = 60_000;

interface TrigramSamples {
  email: TrigramSample;
  childName: TrigramSample;
}

/** Newest first, as the list's ORDER BY created_at DESC, id DESC puts them: negative when `a` comes first. */
function compareNewestFirst(a: OrderCursor, b: OrderCursor): number {
  const byDate = b.createdAt.getTime() - a.createdAt.getTime();
  if (byDate !== 0) return byDate;
  // uuids compare as PostgreSQL compares them: their bytes, which is the order of their lowercase hex.
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export class AdminOrdersService {
  /**
   * Which trigrams are common, and which frequent, in each searched column, from the newest
   * orders (search-core.ts): no counts, no names or addresses, and no fragment that five orders
   * or fewer hold, so nothing of one child's name. A sample past its time is replaced by the next
   * search, and until then is used by none.
   */
  private trigrams: { samples: TrigramSamples; at: number } | null = null;
  private sampling: Promise<TrigramSamples | null> | null = null;
  private samplingFailedAt = -Infinity;

  constructor(
    private readonly dataSource: DataSource,
    private readonly fewMatchesUpTo = FEW_MATCHES_UP_TO,
  ) {}

  /** Newest first, keyset-paginated on (created_at, id) so deep pages stay as fast as the first. */
  async listOrders(args: OrdersArgs): Promise<Outcome<OrderConnection>> {
    const invalid = firstInputError(args);
    if (invalid) return refusal(invalid);
    const first = args.first ?? DEFAULT_PAGE_SIZE;
    const cursor = args.after ? decodeCursor(args.after) : null;

    const search = args.search?.trim();
    const cores = search && searchesTextOnly(search) ? await this.searchCores(search) : undefined;
    const filtered = applyOrderFilter(this.dataSource.getRepository(Order).createQueryBuilder('o'), args, cores);
    // A search that matches few orders is read once, for its page and its count alike.
    const searched = Boolean(search);
    const matches = searched ? await this.fewMatches(filtered) : null;
    const rows = matches ? await this.pageOfMatches(matches, cursor, first + 1) : await this.page(filtered, cursor, first + 1);

    const nodes = rows.slice(0, first);
    const edges = nodes.map((node) => ({ node, cursor: encodeCursor(node) }));
    // A first page that holds every match is its own total, as are a search's few matches: no
    // second pass over them, and the count is exact whatever `upTo` allows.
    const knownTotal = !cursor && rows.length <= first ? nodes.length : (matches?.length ?? null);
    return {
      ok: true,
      value: {
        edges,
        pageInfo: { hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null },
        countTotal: async () => knownTotal ?? this.countOrders(args, filtered),
        countUpTo: async (upTo) => {
          if (knownTotal !== null) return { count: knownTotal, exact: true };
          // A search found to have more than `fewMatchesUpTo` matches has more than `upTo` when that is no more.
          if (searched && upTo <= this.fewMatchesUpTo) return { count: upTo, exact: false };
          return this.countOrdersUpTo(args, filtered, upTo);
        },
      },
    };
  }

  /** The part of `search` each column's trigram index is asked for (search-core.ts). */
  private async searchCores(search: string): Promise<SearchCores> {
    const samples = await this.trigramSamples();
    return { email: searchCore(search, samples?.email ?? null), childName: searchCore(search, samples?.childName ?? null) };
  }

  /**
   * The sample of the newest orders, taken anew by the first search after 15 minutes (searches at
   * the same time share the one read). None, and searches go whole, for a minute after a sample
   * could not be taken: a failing database is not asked again by every search.
   */
  private trigramSamples(): Promise<TrigramSamples | null> {
    const now = Date.now();
    if (this.trigrams && now - this.trigrams.at <= TRIGRAM_SAMPLE_MS) return Promise.resolve(this.trigrams.samples);
    this.trigrams = null;
    if (now - this.samplingFailedAt < TRIGRAM_SAMPLE_RETRY_MS) return Promise.resolve(null);
    this.sampling ??= this.sampleTrigrams()
      .then(
        (samples) => {
          this.trigrams = { samples, at: Date.now() };
          return samples;
        },
        () => {
          this.samplingFailedAt = Date.now();
          return null;
        },
      )
      .finally(() => {
        this.sampling = null;
      });
    return this.sampling;
  }

  private async sampleTrigrams(): Promise<TrigramSamples> {
    const rows = await this.dataSource
      .getRepository(Order)
      .createQueryBuilder('o')
      .select(['o.email AS email', 'o.child_name AS child_name'])
      .orderBy('o.createdAt', 'DESC')
      .limit(TRIGRAM_SAMPLE_ORDERS)
      .getRawMany<{ email: string; child_name: string | null }>();
    return {
      email: sampleTrigrams(rows.map((row) => row.email)),
      childName: sampleTrigrams(rows.flatMap((row) => row.child_name ?? [])),
    };
  }

  /** The page after `cursor`, newest first, read from the (created_at, id) indexes. */
  private page(filtered: SelectQueryBuilder<Order>, cursor: OrderCursor | null, limit: number): Promise<Order[]> {
    const page = filtered.clone();
    if (cursor) {
      page.andWhere('(o.created_at, o.id) < (:cursorCreatedAt, :cursorId)', {
        cursorCreatedAt: cursor.createdAt,
        cursorId: cursor.id,
      });
    }
    return page.orderBy('o.createdAt', 'DESC').addOrderBy('o.id', 'DESC').limit(limit).getMany();
  }

  /**
   * Every match of a search (its id and date), when there are at most `fewMatchesUpTo`; null when
   * there are more. A search for one parent or child ("mia.j@", "Theo") is found through the
   * trigram indexes, whose scan is most of its cost (11 ms at a million orders): its page and
   * its count then come from this one read instead of two. A search that matches many orders
   * stops reading here after `fewMatchesUpTo + 1`, and its page is read in date order.
   */
  private async fewMatches(filtered: SelectQueryBuilder<Order>): Promise<OrderCursor[] | null> {
    const rows = await filtered
      .clone()
      .select(['o.id AS id', 'o.created_at AS created_at'])
      // In the list's order: a search of many matches then reads the date index until it has
      // enough, as its page does. Unordered, the planner chose a sequential scan, which starts
      // wherever the last one stopped (synchronize_seqscans): where the matches are few, that
      // read half the table (at a million orders, one "parent1" search in a hundred took 540 ms).
      .orderBy('o.createdAt', 'DESC')
      .addOrderBy('o.id', 'DESC')
      .limit(this.fewMatchesUpTo + 1)
      .getRawMany<{ id: string; created_at: Date | string }>();
    if (rows.length > this.fewMatchesUpTo) return null;
    return rows.map((row) => ({ id: row.id, createdAt: new Date(row.created_at) }));
  }

  /** The page after `cursor` among `matches`, newest first, in the order the database would give. */
  private async pageOfMatches(matches: OrderCursor[], cursor: OrderCursor | null, limit: number): Promise<Order[]> {
    const ids = matches
      .filter((match) => !cursor || compareNewestFirst(match, cursor) > 0)
      .sort(compareNewestFirst)
      .slice(0, limit)
      .map((match) => match.id);
    if (ids.length === 0) return [];
    const orders = await this.dataSource.getRepository(Order).findBy({ id: In(ids) });
    const byId = new Map(orders.map((order) => [order.id, order]));
    // An order deleted since its match was read is left out.
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * A search's matches counted only up to `upTo`: a search that matches a large part of the
   * shop ("parent", "@gmail.com") stops after `upTo + 1` of them, where an exact count reads
   * every one (at a million orders, 111,000 matches took 180 ms against 3 ms). Without a search
   * the kept per-status counts are exact and cheap, so they are given whole.
   */
  private async countOrdersUpTo(args: OrdersArgs, filtered: SelectQueryBuilder<Order>, upTo: number): Promise<OrderTotal> {
    if (!args.search?.trim()) return { count: await this.countOrders(args, filtered), exact: true };
    const matches = filtered
      .clone()
      .select('1')
      .orderBy()
      .limit(upTo + 1);
    const row = await this.dataSource
      .createQueryBuilder()
      .select('count(*)::int', 'n')
      .from(`(${matches.getQuery()})`, 'matches')
      .setParameters(matches.getParameters())
      .getRawOne<{ n: number }>();
    const n = row?.n ?? 0;
    return n > upTo ? { count: upTo, exact: false } : { count: n, exact: true };
  }
  /**
   * Exact totals that do not grow with the table: without a search, from the per-status counts
   * the triggers keep (order_counts); with one, a count over the matches, which the trigram
   * indexes find for searches of three characters or more (shorter ones read every order).
   */
  private async countOrders(args: OrdersArgs, filtered: SelectQueryBuilder<Order>): Promise<number> {
    if (args.search?.trim()) {
      const row = await filtered.clone().select('count(*)::int', 'n').orderBy().getRawOne<{ n: number }>();
      return row?.n ?? 0;
    }
    const counts = this.dataSource.getRepository(OrderCount).createQueryBuilder('c').select('coalesce(sum(c.n), 0)::int', 'n');
    if (args.status) counts.where('c.status = :status', { status: args.status });
    const row = await counts.getRawOne<{ n: number }>();
    return row?.n ?? 0;
  }
}
