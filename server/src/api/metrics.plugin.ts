/**
 * An Apollo plugin that counts every GraphQL operation by name, type and outcome: `error` when
 * the response carries errors, `user_error` when a payload's userErrors says the request was
 * refused (bad input, wrong status, ...), `ok` otherwise.
 */
import type { ApolloServerPlugin, BaseContext, GraphQLRequestContextWillSendResponse } from '@apollo/server';
import type { GraphQLOutcome, Metrics } from '../observability/metrics';
import { secondsSince } from '../observability/metrics';

/** A refusal is a payload (a root field's value) with a non-empty userErrors list. */
function hasUserErrors(data: Record<string, unknown> | null | undefined): boolean {
  if (!data) return false;
  return Object.values(data).some((payload) => {
    const userErrors = (payload as { userErrors?: unknown } | null)?.userErrors;
    return Array.isArray(userErrors) && userErrors.length > 0;
  });
}

function outcomeOf(context: GraphQLRequestContextWillSendResponse<BaseContext>): GraphQLOutcome {
  const { body } = context.response;
  const single = body.kind === 'single' ? body.singleResult : body.initialResult;
  if ((context.errors?.length ?? 0) > 0 || (single.errors?.length ?? 0) > 0) return 'error';
  return hasUserErrors(single.data) ? 'user_error' : 'ok';
}

export function graphqlMetricsPlugin<TContext extends BaseContext>(metrics: Metrics): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      const start = process.hrtime.bigint();
      return {
        async willSendResponse(context) {
          // No operation: the document did not parse or validate, so its name proves nothing.
          const type = context.operation?.operation ?? 'unknown';
          const name = context.operation ? (context.operation.name?.value ?? null) : null;
          metrics.graphqlOperation(name, type, outcomeOf(context), secondsSince(start));
        },
      };
    },
  };
}
