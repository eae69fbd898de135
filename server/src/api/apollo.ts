/**
 * Apollo Server for /graphql: CSRF prevention on, the landing page (Apollo Sandbox outside
 * production), and errors that show the user only what is meant for them.
 */
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import type { GraphQLFormattedError, GraphQLSchema } from 'graphql';
import type http from 'node:http';
import type { Logger } from '../common/logger';
import { INTERNAL_ERROR_MESSAGE } from '../http/error-handler';
import type { Metrics } from '../observability/metrics';
import type { Context } from '../graphql/context';
import { GRAPHQL_LIMITS, graphqlLimits } from '../graphql/limits';
import { graphqlMetricsPlugin } from './metrics.plugin';

/**
 * Unexpected errors are logged with their detail; in production the caller sees only a
 * generic message. Expected ones (bad input, UNAUTHENTICATED, ...) pass through as they are.
 */
export function formatErrorFor(logger: Logger, isProduction: boolean) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const code = formatted.extensions?.code;
    if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) {
      logger.error('graphql error', { error: unwrapResolverError(error), path: formatted.path });
      if (isProduction) return { message: INTERNAL_ERROR_MESSAGE, path: formatted.path };
    }
    return formatted;
  };
}

/** Where the offline explorer lives (server/src/http/graphiql.route.ts). */
export const GRAPHIQL_PATH = '/graphiql';

/** Adds a link to GraphiQL at the page's corner; its style goes into the page's own (nonce-allowed) style block. */
export function addGraphiqlLink(html: string): string {
  const style =
    '.graphiql-link { position: fixed; right: 1rem; bottom: 1rem; z-index: 10; padding: 0.5rem 0.75rem; border-radius: 0.5rem; background: #fff; color: #1b1464; font: 14px sans-serif; box-shadow: 0 1px 4px rgb(0 0 0 / 30%); }';
  const link = `<a class="graphiql-link" href="${GRAPHIQL_PATH}">No internet? Open GraphiQL, served by the shop</a>`;
  return html.replace(/<style nonce=([^>]*)>/, `<style nonce=$1>\n${style}`).replace('<body>', `<body>\n${link}`);
}

/**
 * Apollo Sandbox as the landing page, which loads from Apollo's CDN, with a link to GraphiQL,
 * which the shop serves itself and so works offline.
 */
function sandboxWithGraphiqlLink(): ApolloServerPlugin<Context> {
  const sandbox = ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: true, footer: false });
  return {
    async serverWillStart(service) {
      const listener = await sandbox.serverWillStart?.(service);
      const render = listener?.renderLandingPage;
      if (!render) return listener;
      return {
        ...listener,
        async renderLandingPage() {
          const { html } = await render();
          return { html: async () => addGraphiqlLink(typeof html === 'string' ? html : await html()) };
        },
      };
    },
  };
}

export async function startApollo(options: {
  schema: GraphQLSchema;
  httpServer: http.Server;
  logger: Logger;
  isProduction: boolean;
  /** Introspection, field suggestions and Apollo Sandbox at /graphql; off in production unless asked for. */
  apiExplorer: boolean;
  /** Operations by name, type and outcome. */
  metrics: Metrics;
}): Promise<ApolloServer<Context>> {
  const { schema, httpServer, logger, isProduction, apiExplorer, metrics } = options;
  const limits = graphqlLimits({ hideSchema: !apiExplorer });
  const apollo = new ApolloServer<Context>({
    schema,
    introspection: apiExplorer,
    validationRules: limits.validationRules,
    parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens },
    allowBatchedHttpRequests: false,
    // CSRF prevention stays on: browsers must send Apollo-Require-Preflight (or JSON) to /graphql.
    csrfPrevention: true,
    // main.ts owns shutdown (HTTP, then the database); Apollo's own signal handler would race it.
    stopOnTerminationSignals: false,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      graphqlMetricsPlugin<Context>(metrics),
      ...limits.plugins,
      // No field sets a cache hint, and no response is cached: without this, Apollo's default
      // cache-control plugin wraps every field's resolver of every request to compute a policy
      // that is always "not cacheable" (measured: 0.35 ms of the dashboard's 12 ms page).
      ApolloServerPluginCacheControlDisabled(),
      // Without the explorer, no page (and no script from a CDN) at all.
      apiExplorer ? sandboxWithGraphiqlLink() : ApolloServerPluginLandingPageDisabled(),
    ],
    formatError: formatErrorFor(logger, isProduction),
  });
  await apollo.start();
  return apollo;
}
