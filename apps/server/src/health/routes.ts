import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { RateLimits } from '../platform/limits/rate-limits.ts';
import type { HealthService } from './health-service.ts';

/** Compares digests, so neither the token's content nor its length shows in the time taken. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * /health/live (the process answers), /health/ready (this replica's database and chain; 503 while
 * either fails) and /health: the cheap status for anyone, the details (balances, the life index,
 * skipped inputs) with the operator's token as `Authorization: Bearer` (HEALTH_TOKEN), limited per IP.
 */
export function healthRoutes(deps: { health: HealthService; token: string | undefined; rateLimits: RateLimits }) {
  const { health, token } = deps;
  return new Hono()
    .get('/health', deps.rateLimits.limit('healthPerIp'), async (c) => {
      const bearer = c.req.header('authorization')?.match(/^Bearer (.+)$/)?.[1];
      const body = token && bearer && sameToken(bearer, token) ? await health.details() : await health.status();
      c.header('cache-control', 'no-store');
      return c.json(body, body.status === 'ok' ? 200 : 503);
    })
    .get('/health/live', (c) => c.json({ status: 'ok' }))
    .get('/health/ready', async (c) => {
      const body = await health.ready();
      return c.json(body, body.status === 'ready' ? 200 : 503);
    });
}
