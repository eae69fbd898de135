import type { RequestHandler } from 'express';

/** Headers every answer carries: no sniffing, no framing, a modest referrer, HSTS in production. */
export function securityHeaders(isProduction: boolean): RequestHandler {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    ...(isProduction ? { 'Strict-Transport-Security': 'max-age=31536000' } : {}),
  };
  return (_req, res, next) => {
    res.set(headers);
    next();
  };
}
