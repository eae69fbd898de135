/**
 * OpenTelemetry tracing, on only when OTEL_EXPORTER_OTLP_ENDPOINT names a collector (an OTLP/HTTP
 * endpoint such as http://collector:4318): spans for every HTTP request, each GraphQL operation
 * (parse, validate, execute and its resolvers) and every PostgreSQL query, exported over
 * OTLP/HTTP. The exporter reads the standard variables itself (OTEL_EXPORTER_OTLP_HEADERS,
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, OTEL_BSP_SCHEDULE_DELAY...); OTEL_SERVICE_NAME defaults to
 * storybook-shop.
 *
 * Loaded by ./tracing-preload before anything it instruments (http, express, graphql, pg) is
 * required: instrumentation patches a module when it is loaded, not afterwards.
 */
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { GraphQLInstrumentation } from '@opentelemetry/instrumentation-graphql';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';

/** Health checks and scrapes every few seconds would drown the requests that matter. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export interface Tracing {
  endpoint: string;
  serviceName: string;
  /** Sends what is still buffered; called on shutdown. */
  shutdown(): Promise<void>;
}

export function startTracing(env: NodeJS.ProcessEnv = process.env): Tracing {
  const serviceName = env.OTEL_SERVICE_NAME || 'storybook-shop';
  const sdk = new NodeSDK({
    serviceName,
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0]),
      }),
      new ExpressInstrumentation(),
      // Resolver spans for every field would be thousands per dashboard page: the operation's
      // own spans, and the resolvers that do work (they query the database), say enough.
      new GraphQLInstrumentation({ ignoreTrivialResolveSpans: true, mergeItems: true }),
      // Query text only, never its parameters: they hold parents' e-mails and children's names.
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  sdk.start();
  return { endpoint: originOf(env.OTEL_EXPORTER_OTLP_ENDPOINT ?? ''), serviceName, shutdown: () => sdk.shutdown() };
}

/** For the log: the collector's origin, never a path or credentials someone put in the URL. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'an endpoint that is not a URL';
  }
}
