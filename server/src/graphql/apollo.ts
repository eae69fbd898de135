/**
 * Apollo Server for /graphql: CSRF prevention on, the landing page (Apollo Sandbox outside
 * production), and errors that show the user only what is meant for them.
 */
import { ApolloServer } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import type { GraphQLFormattedError, GraphQLSchema } from 'graphql';
import type http from 'node:http';
import type { Logger } from '../common/logger';
import { INTERNAL_ERROR_MESSAGE } from '../http/error-handler';
import type { Context } from './context';
import { GRAPHQL_LIMITS, graphqlLimits } from './limits';

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

export async function startApollo(options: {
  schema: GraphQLSchema;
  httpServer: http.Server;
  logger: Logger;
  isProduction: boolean;
  /** Introspection, field suggestions and Apollo Sandbox at /graphql; off in production unless asked for. */
  apiExplorer: boolean;
}): Promise<ApolloServer<Context>> {
  const { schema, httpServer, logger, isProduction, apiExplorer } = options;
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
      ...limits.plugins,
      // Without the explorer, no page (and no script from a CDN) at all.
      apiExplorer
        ? ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: true, footer: false })
        : ApolloServerPluginLandingPageDisabled(),
    ],
    formatError: formatErrorFor(logger, isProduction),
  });
  await apollo.start();
  return apollo;
}
