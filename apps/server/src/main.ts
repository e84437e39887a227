import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { queueSampleTwins } from './deploy/index.ts';
import { createChainClient } from './platform/chain/client.ts';
import { ConfigError, loadConfig } from './platform/config/config.ts';
import { createDb, migrateToLatest } from './platform/db/database.ts';
import { closeGracefully } from './platform/http/graceful-close.ts';
import { startJobQueue } from './platform/jobs/job-queue.ts';
import { handleUnhandledRejections } from './platform/logging/last-resort.ts';
import { createLogger } from './platform/logging/logger.ts';
import { seedLocalNetwork } from './social/index.ts';

/** How long in-flight requests get to finish on SIGTERM/SIGINT (orchestrators wait 30 s by default). */
const SHUTDOWN_GRACE_MS = 20_000;

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  handleUnhandledRejections(logger);
  const db = createDb(config.databaseUrl, { logger });
  const applied = await migrateToLatest(db);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  if (config.mode === 'local') {
    const seeded = await seedLocalNetwork(db, config.publicUrl);
    if (seeded > 0) logger.info({ users: seeded }, 'local social network seeded');
  }
  const chain = createChainClient(config.chain.rpcUrl, config.chain.builderCodeSuffix);
  const jobs = await startJobQueue(config.databaseUrl, logger, { worksJobs: config.role !== 'api' });
  const { app, services, deploy } = await createApp({ config, db, chain, logger, jobs });
  // In the background: the server answers while the sample twins deploy.
  if (config.mode === 'local') await queueSampleTwins(jobs, { db, farcaster: services.farcaster, deploy, logger });

  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) =>
    logger.info(
      { url: `http://${config.host}:${info.port}`, mode: config.mode, role: config.role },
      'server listening',
    ),
  );
  server.on('error', (error: NodeJS.ErrnoException) => {
    const message =
      error.code === 'EADDRINUSE' ? `Port ${config.port} is already in use (set PORT to use another).` : error.message;
    logger.fatal(message);
    process.exit(1);
  });

  const shutdown = async () => {
    // In-flight requests (a streaming reply, a deploy call) finish before the database goes.
    await closeGracefully(server as Server, SHUTDOWN_GRACE_MS);
    await jobs.stop({ graceful: true, timeout: 10_000 });
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  // Configuration errors are the operator's to fix: one line naming the variable, no stack.
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(`Server failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
