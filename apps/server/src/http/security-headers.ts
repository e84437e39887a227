import type { MiddlewareHandler } from 'hono';

/** An SVG opened on its own is a document that can run script: ours are pictures, nothing more. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/**
 * Headers every answer carries: no content sniffing, no full URLs in Referer to other sites, HSTS
 * in production. No X-Frame-Options or frame-ancestors: the mini-app lives in Farcaster clients' frames.
 */
export function securityHeaders(options: { production: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('x-content-type-options', 'nosniff');
    headers.set('referrer-policy', 'strict-origin-when-cross-origin');
    if (options.production) headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (headers.get('content-type')?.startsWith('image/svg+xml')) headers.set('content-security-policy', SVG_POLICY);
  };
}
