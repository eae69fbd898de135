/**
 * What one GraphQL request may ask for. Without limits a single request can alias a field
 * thousands of times (each one a database round trip or a stored row), nest without end, or
 * carry megabytes of query text. Batched operations are refused too: one operation a request.
 */
import { ApolloArmor } from '@escape.tech/graphql-armor';

export const GRAPHQL_LIMITS = {
  /** The dashboard's deepest query (orders -> edges -> node -> events) is 5 levels. */
  maxDepth: 8,
  /** Aliases per operation: enough for a client's own needs, far too few to multiply a mutation. */
  maxAliases: 15,
  /** Tokens per document: the largest client document, Apollo Sandbox's introspection included, is well under. */
  maxTokens: 3000,
  maxDirectives: 50,
  maxCost: 5000,
} as const;

/**
 * Validation rules and plugins for Apollo Server. Field suggestions ("Did you mean ...?") are
 * hidden where introspection is, since they reveal the schema piece by piece.
 */
export function graphqlLimits(options: { hideSchema: boolean }) {
  return new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
    // Counted by graphql's own parser instead (parseOptions in apollo.ts): a refusal there is a
    // 400 parse error, where this plugin's would be answered as a 500.
    maxTokens: { enabled: false },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost },
    blockFieldSuggestion: { enabled: options.hideSchema },
  }).protect();
}
