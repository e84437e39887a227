import type { Context, MiddlewareHandler } from 'hono';
import { Kysely, PostgresDialect, type RawBuilder, sql } from 'kysely';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { HttpError } from '../http/errors.ts';
import { startTicker } from '../jobs/ticker.ts';
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
  /** Wallet sign-outs (each a session check and, for a live session, one row). */
  signOutPerIp: { points: 60, duration: 60, what: 'sign-out attempts' },
  /** Webhook deliveries (each verified with a signature check or a hub call). */
  webhookPerIp: { points: 600, duration: 60, what: 'deliveries' },
  /** /health's details: each answer may cost chain RPC calls (cached a few seconds per replica). */
  healthPerIp: { points: 300, duration: 60, what: 'health checks' },
  /** Voice changes and reverts (owner-controls/voice): each a version row kept. */
  voicePerFid: { points: 20, duration: 600, what: 'voice changes' },
  /** "Refresh from my casts": each one reads the owner's casts (a Neynar call in production). */
  castRefreshPerFid: { points: 5, duration: 600, what: 'refreshes' },
  /** Owner settings and direct messages. */
  writePerFid: { points: 60, duration: 60, what: 'changes' },
  /** The twin's wallet view (chain reads, an account lookup) and withdrawals (each a transaction). */
  costlyReadPerFid: { points: 60, duration: 60, what: 'requests' },
  withdrawPerFid: { points: 20, duration: 3600, what: 'withdrawals' },
  /** Signed revivals (each a signature check and chain reads; relay/ caps the gas per payer and day). */
  batteryRelayPerIp: { points: 10, duration: 60, what: 'signed revivals' },
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

/** One point of one limit, for one key (a fid, an IP). */
export interface LimitCheck {
  name: RateLimitName;
  key: string | number;
}

export interface RateLimits {
  /** Takes one point of `name` for `key`; throws RateLimitedError when none is left. */
  consume(name: RateLimitName, key: string | number): Promise<void>;
  /**
   * Takes one point of each check (distinct limits) in one statement; throws RateLimitedError for the
   * first with none left. Every check's point is taken even then, as separate calls would take them.
   */
  consumeAll(checks: readonly LimitCheck[]): Promise<void>;
  /** The checks as a statement to run inside another query, and how to settle its counters (see counting). */
  counting(checks: readonly LimitCheck[]): Counting;
  /** The request's client IP, as the per-IP limits key it. */
  ipOf(c: Context): string;
  /** Takes one point of `name` for the request's client IP. */
  consumeByIp(name: RateLimitName, c: Context): Promise<void>;
  /** Middleware: one point per request, keyed by what `keyOf` answers (default: the client's IP). */
  limit<E extends object>(name: RateLimitName, keyOf?: (c: Context<E>) => string | number): MiddlewareHandler<E>;
}

/** A counter whose window ended this long ago is deleted (deleteExpiredCounters); until then it restarts on use. */
const EXPIRED_KEPT_MS = 60 * 60_000;
const CLEANUP_QUEUE = 'rate-limit-cleanup';
const CLEANUP_INTERVAL_SECONDS = 5 * 60;

/** A counter as the counting statement returns it: points taken in its window, and when the window ends (ms). */
export interface Counter {
  key: string;
  points: number;
  expire: number | string;
}

/**
 * Checks (of distinct limits: one statement cannot count a row twice) counted by a statement that may
 * run inside another: a chat counts its limits in the query of its reads.
 */
export interface Counting {
  /** The insert that takes the points, returning the counters; a WITH clause can hold it. */
  statement: RawBuilder<Counter>;
  /** Throws RateLimitedError when a returned counter has gone over its limit. */
  settle(counters: readonly Counter[]): void;
}

/**
 * Fixed-window counters in the table rate_limits (key "<limit>:<key>", points, expire in ms), the
 * layout of rate-limiter-flexible's Postgres store, which kept them before: each check adds a point
 * to its row, or starts the row again once its window has passed. The library takes a statement of
 * its own per limit; a chat's two limits sit before its first token, and counting them in one
 * statement with the chat's reads made chats under load faster (measured with the benches in bench/).
 */
export function counting(checks: readonly LimitCheck[], now = Date.now()): Counting {
  const keyOf = (check: LimitCheck) => `${check.name}:${check.key}`;
  const keys = checks.map(keyOf);
  const durations = checks.map((check) => RATE_LIMITS[check.name].duration * 1000);
  return {
    statement: sql<Counter>`
      insert into rate_limits as counters (key, points, expire)
      select key, 1, ${now}::bigint + duration from unnest(${keys}::text[], ${durations}::bigint[]) as checks(key, duration)
      on conflict (key) do update set
        points = case when counters.expire <= ${now} then 1 else counters.points + 1 end,
        expire = case when counters.expire <= ${now} then excluded.expire else counters.expire end
      returning key, points, expire`,
    settle(counters) {
      for (const check of checks) {
        const counter = counters.find((row) => row.key === keyOf(check));
        const { points, what } = RATE_LIMITS[check.name];
        if (counter && counter.points > points) {
          throw new RateLimitedError(Math.max(1, Math.ceil((Number(counter.expire) - now) / 1000)), what);
        }
      }
    },
  };
}

/**
 * Limits shared by every replica, in Postgres (table rate_limits). When the store cannot answer (the
 * database is away) a request is let through: the limit guards cost, and the request will meet the
 * same database a moment later anyway.
 */
export function postgresRateLimits(deps: { pool: pg.Pool; logger: Logger; trustProxyHops: number }): RateLimits {
  const store = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: deps.pool }) });
  const consumeAll = async (checks: readonly LimitCheck[]) => {
    const counted = counting(checks);
    let counters: Counter[];
    try {
      counters = (await counted.statement.execute(store)).rows;
    } catch (error) {
      const limits = checks.map((check) => check.name);
      deps.logger.warn({ err: error, limits }, 'rate limit store unavailable: request let through');
      return;
    }
    counted.settle(counters);
  };
  const consume = (name: RateLimitName, key: string | number) => consumeAll([{ name, key }]);
  const ipOf = (c: Context) => clientIp(c, deps.trustProxyHops);
  return {
    consume,
    consumeAll,
    counting,
    ipOf,
    consumeByIp: (name, c) => consume(name, ipOf(c)),
    limit: (name, keyOf) => async (c, next) => {
      await consume(name, keyOf ? keyOf(c) : ipOf(c));
      await next();
    },
  };
}

/** Deletes the counters whose window ended over an hour ago; answers how many. */
export async function deleteExpiredCounters(pool: pg.Pool, now = Date.now()): Promise<number> {
  return (await pool.query('delete from rate_limits where expire < $1', [now - EXPIRED_KEPT_MS])).rowCount ?? 0;
}

/** Runs deleteExpiredCounters every few minutes, once across all replicas. */
export function startRateLimitCleanup(boss: PgBoss, deps: { pool: pg.Pool; logger: Logger }): Promise<void> {
  return startTicker(
    boss,
    { queue: CLEANUP_QUEUE, intervalSeconds: CLEANUP_INTERVAL_SECONDS, logger: deps.logger },
    () => deleteExpiredCounters(deps.pool),
  );
}
