import type { MiddlewareHandler } from 'hono';

/** An SVG opened on its own is a document that can run script: ours are pictures, nothing more. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/**
 * Headers every answer carries: no content sniffing, no full URLs in Referer to other sites, HSTS
 * in production. No X-Frame-Options or frame-ancestors: the mini-app lives in Farcaster clients' frames.
 */
export function everyAnswerHeaders(options: { production: boolean }): Readonly<Record<string, string>> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(options.production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Sets everyAnswerHeaders on each answer, and a no-script policy on SVGs. */
export function securityHeaders(options: { production: boolean }): MiddlewareHandler {
  const every = Object.entries(everyAnswerHeaders(options));
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    for (const [name, value] of every) headers.set(name, value);
    if (headers.get('content-type')?.startsWith('image/svg+xml')) headers.set('content-security-policy', SVG_POLICY);
  };
}
