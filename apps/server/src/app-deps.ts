import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { PublicClient } from 'viem';
import type { ServerConfig } from './platform/config/config.ts';
import type { Db } from './platform/db/database.ts';
import type { RateLimits } from './platform/limits/rate-limits.ts';
import type { Services } from './services.ts';

/** What the process gives the app: its config, database, chain, logger and job queue. */
export interface AppDeps {
  config: ServerConfig;
  db: Db;
  chain: PublicClient;
  logger: Logger;
  /** The job queue this replica works on (deploys). */
  jobs: PgBoss;
  /** How long a deploy call waits for the pipeline (tests shorten it). */
  deployWaitMs?: number;
  /** Replaces the implementations config would choose (tests: an engine spy, a fake Neynar). */
  services?: Partial<Services>;
  /** Replaces the Postgres-kept rate limits. */
  rateLimits?: RateLimits;
}
