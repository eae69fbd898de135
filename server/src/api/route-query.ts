/**
 * Runs a browser-rendered page's first query in-process for the shell the server sends
 * (http/client-hosting.ts), exactly as /graphql would run it for the same request: the request's
 * own context, the same limits, plugins, error formatting and metrics. A query answered with
 * errors gives no data: the page then asks for itself and shows what it is told.
 */
import type { ApolloServer } from '@apollo/server';
import type { Request, Response } from 'express';
import type { Context } from '../graphql/context';
import type { RunRouteQuery } from '../http/client-hosting';

export function routeQueryRunner(
  apollo: ApolloServer<Context>,
  context: (args: { req: Request; res: Response }) => Promise<Context>,
): RunRouteQuery {
  return async (req, res, request) => {
    const response = await apollo.executeOperation(request, { contextValue: await context({ req, res }) });
    if (response.body.kind !== 'single') return null;
    const { data, errors } = response.body.singleResult;
    return errors?.length || !data ? null : data;
  };
}
