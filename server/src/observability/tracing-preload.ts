/**
 * Imported first by main.ts: starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (in the
 * environment, or in development's .env), before the modules it instruments are loaded. Without
 * it, no OpenTelemetry module is loaded at all.
 */
import { loadDotEnv } from '../config';
import type { startTracing, Tracing } from './tracing';

loadDotEnv();

export const tracing: Tracing | null = process.env.OTEL_EXPORTER_OTLP_ENDPOINT
  ? // A synchronous require: an import() would run after main's other imports had loaded http and pg.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    (require('./tracing') as { startTracing: typeof startTracing }).startTracing()
  : null;
