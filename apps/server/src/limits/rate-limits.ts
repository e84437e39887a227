import type { Context, MiddlewareHandler } from 'hono';
import type pg from 'pg';
import type { Logger } from 'pino';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../http/errors.ts';
import { clientIp } from './client-ip.ts';

/**
 * Every limit, by what it protects: points per duration (seconds). Per fid for what a signed-in user
 * does, per IP for what anyone can do. Generous for a person, tight for a script.
 */
export const RATE_LIMITS = {
  /** Chat messages: each one costs an LLM call. */
  chatPerFid: { points: 30, duration: 60, what: 'messages' },
  chatPerIp: { points: 300, duration: 60, what: 'messages' },
  /** Deploys: each one costs the operator an account, gas and a battery. */
  deployPerFid: { points: 30, duration: 600, what: 'deploy attempts' },
  deployPerIp: { points: 60, duration: 600, what: 'deploy attempts' },
  /** Reads that cost something: a user's questions (Neynar calls), rendered cards. */
  costlyReadPerIp: { points: 300, duration: 60, what: 'requests' },
  /** Sign-in nonces (each one a row). */
  noncePerIp: { points: 60, duration: 60, what: 'sign-in attempts' },
  /** Wallet sign-ins (each a signature check, maybe on the chain, and an account lookup, maybe Neynar's). */
  walletSignInPerIp: { points: 20, duration: 60, what: 'sign-in attempts' },
  /** Webhook deliveries (each verified with a signature check or a hub call). */
  webhookPerIp: { points: 600, duration: 60, what: 'deliveries' },
  /** Owner settings and direct messages. */
  writePerFid: { points: 60, duration: 60, what: 'changes' },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** 429 with the seconds to wait, which the error handler sends as Retry-After. */
export class RateLimitedError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    what: string,
  ) {
    super(429, 'rate_limited', `Too many ${what}. Please wait ${retryAfterSeconds} s and try again.`, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}

export interface RateLimits {
  /** Takes one point of `name` for `key`; throws RateLimitedError when none is left. */
  consume(name: RateLimitName, key: string | number): Promise<void>;
  /** Takes one point of `name` for the request's client IP. */
  consumeByIp(name: RateLimitName, c: Context): Promise<void>;
  /** Middleware: one point per request, keyed by what `keyOf` answers (default: the client's IP). */
  limit<E extends object>(name: RateLimitName, keyOf?: (c: Context<E>) => string | number): MiddlewareHandler<E>;
}

/**
 * Limits shared by every replica, in Postgres (rate-limiter-flexible, table rate_limits). When the
 * store cannot answer (the database is away) a request is let through: the limit guards cost, and
 * the request will meet the same database a moment later anyway.
 */
export function postgresRateLimits(deps: { pool: pg.Pool; logger: Logger; trustProxyHops: number }): RateLimits {
  const limiters = new Map<RateLimitName, RateLimiterPostgres>();
  const limiter = (name: RateLimitName) => {
    let made = limiters.get(name);
    if (!made) {
      const { points, duration } = RATE_LIMITS[name];
      made = new RateLimiterPostgres({
        storeClient: deps.pool,
        storeType: 'pool',
        tableName: 'rate_limits',
        tableCreated: true,
        keyPrefix: name,
        points,
        duration,
      });
      limiters.set(name, made);
    }
    return made;
  };
  const consume = async (name: RateLimitName, key: string | number) => {
    try {
      await limiter(name).consume(String(key));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw new RateLimitedError(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)), RATE_LIMITS[name].what);
      }
      deps.logger.warn({ err: rejection, limit: name }, 'rate limit store unavailable: request let through');
    }
  };
  return {
    consume,
    consumeByIp: (name, c) => consume(name, clientIp(c, deps.trustProxyHops)),
    limit: (name, keyOf) => async (c, next) => {
      await consume(name, keyOf ? keyOf(c) : clientIp(c, deps.trustProxyHops));
      await next();
    },
  };
}
