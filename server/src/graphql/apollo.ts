/**
 * Apollo Server for /graphql: CSRF prevention on, the landing page (Apollo Sandbox outside
 * production), and errors that show the user only what is meant for them.
 */
import { ApolloServer } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  ApolloServerPluginLandingPageLocalDefault,
  ApolloServerPluginLandingPageProductionDefault,
} from '@apollo/server/plugin/landingPage/default';
import type { GraphQLFormattedError, GraphQLSchema } from 'graphql';
import type http from 'node:http';
import type { Logger } from '../common/logger';
import { INTERNAL_ERROR_MESSAGE } from '../http/error-handler';
import type { Context } from './context';

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
}): Promise<ApolloServer<Context>> {
  const { schema, httpServer, logger, isProduction } = options;
  const apollo = new ApolloServer<Context>({
    schema,
    introspection: !isProduction,
    // CSRF prevention stays on: browsers must send Apollo-Require-Preflight (or JSON) to /graphql.
    csrfPrevention: true,
    // main.ts owns shutdown (HTTP, then the database); Apollo's own signal handler would race it.
    stopOnTerminationSignals: false,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      isProduction
        ? ApolloServerPluginLandingPageProductionDefault({ footer: false })
        : ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: true, footer: false }),
    ],
    formatError: formatErrorFor(logger, isProduction),
  });
  await apollo.start();
  return apollo;
}
