import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client's address for per-IP limits: the socket's peer, or, behind `trustedHops` reverse
 * proxies, the X-Forwarded-For entry the outermost trusted proxy added (entries further left are the
 * client's to forge). 'unknown' when neither is known (in-process requests in tests).
 */
export function clientIp(c: Context, trustedHops: number): string {
  if (trustedHops > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const entry = forwarded.at(-trustedHops);
    if (entry) return entry;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
