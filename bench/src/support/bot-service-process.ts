/**
 * The bot service under benchmark, in a process of its own so the load generator in the parent does
 * not share its event loop: the real app (createApp on a real embedded Postgres and a real anvil
 * with the contracts deployed, twins seeded and fed, request logging on as in production, written
 * to /dev/null) and, in the same process, a bare Hono app that answers the same JSON and a
 * one-event SSE stream. Started by bot-service.ts, which it tells its URLs over IPC; a "stop"
 * message, SIGINT/SIGTERM or the parent going away tears everything down.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrapLocalChain } from '@fartwin/contracts/deployment';
import { getFreePort, SAMPLE_USER_FIDS, startAnvil, startPostgres } from '@fartwin/localstack';
import { apiPaths, chatStreamEvents } from '@fartwin/protocol';
import { createApp } from '@fartwin/server/src/app.ts';
import { appDomain } from '@fartwin/server/src/auth/app-domain.ts';
import { createChainClient } from '@fartwin/server/src/chain/client.ts';
import { loadConfig } from '@fartwin/server/src/config/config.ts';
import { createDb, migrateToLatest } from '@fartwin/server/src/db/database.ts';
import { startJobQueue } from '@fartwin/server/src/jobs/job-queue.ts';
import { seedLocalNetwork } from '@fartwin/server/src/social/local-network.ts';
import { tokenFor } from '@fartwin/server/test/quick-auth-client.ts';
import { createTwin, feedTwin } from '@fartwin/server/test/twins.ts';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { pino } from 'pino';
import type { BotServiceReady } from './bot-service.ts';
import { listen } from './listen.ts';

/** The twin the chat benchmark talks to, and who talks to it. */
const CHAT_TWIN_OWNER_FID = 1001;
const CHAT_USER_FID = 1002;

const cleanups: (() => Promise<unknown>)[] = [];
let stopping: Promise<void> | undefined;

function stop(): Promise<void> {
  stopping ??= (async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    process.exit(0);
  })();
  return stopping;
}

/** Serves `app` and registers its shutdown. */
async function serveUntilStop(app: Hono, port?: number): Promise<string> {
  const { url, close } = await listen(app, port);
  cleanups.push(close);
  return url;
}

async function start(): Promise<BotServiceReady> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fartwin-bench-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const postgres = await startPostgres({ dataDir: join(dataDir, 'pg'), persistent: false });
  cleanups.push(() => postgres.stop());
  const databaseUrl = await postgres.createDatabase('fartwin_bench');
  const anvil = await startAnvil();
  cleanups.push(() => anvil.stop());
  const deploymentFile = join(dataDir, 'deployment.json');
  const deployment = await bootstrapLocalChain({ rpcUrl: anvil.rpcUrl, deploymentFile });

  // The port is picked before the config, which derives the public URL (Quick Auth's domain) from it.
  const port = await getFreePort();
  const config = loadConfig({
    FARTWIN_MODE: 'local',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    CHAIN_RPC_URL: anvil.rpcUrl,
    DEPLOYMENT_FILE: deploymentFile,
    MINIAPP_DIST: join(dataDir, 'no-miniapp'),
    LOG_LEVEL: 'info',
  });
  // As main.ts: info level, one line per request; written to /dev/null instead of a terminal.
  const logger = pino({ level: config.logLevel, base: { service: 'server' } }, pino.destination('/dev/null'));
  const db = createDb(config.databaseUrl);
  cleanups.push(() => db.destroy());
  await migrateToLatest(db);
  await seedLocalNetwork(db, config.publicUrl);
  const agentIds: string[] = [];
  for (const fid of SAMPLE_USER_FIDS) {
    const agent = await createTwin(db, fid);
    await feedTwin(anvil.rpcUrl, deployment, agent.agentId);
    agentIds.push(agent.agentId);
  }
  const jobs = await startJobQueue(config.databaseUrl, logger);
  cleanups.push(() => jobs.stop({ graceful: false, wait: true }));
  const { app } = await createApp({ config, db, chain: createChainClient(anvil.rpcUrl), logger, jobs });

  const appUrl = await serveUntilStop(app, config.port);

  // The baseline answers with the real app's own bodies, so both sides serialise the same JSON.
  const bodyOf = async (path: string) => (await app.request(path)).json();
  const bodies = { agents: await bodyOf(apiPaths.agents), health: await bodyOf('/health') };
  const bareUrl = await serveUntilStop(
    new Hono()
      .get('/agents', (c) => c.json(bodies.agents))
      .get('/health', (c) => c.json(bodies.health))
      .post('/chat', (c) =>
        streamSSE(c, (stream) => stream.writeSSE({ event: chatStreamEvents.delta, data: JSON.stringify('Hi') })),
      ),
  );

  const chatAgent = agentIds[SAMPLE_USER_FIDS.indexOf(CHAT_TWIN_OWNER_FID)]!;
  const token = await tokenFor((path, init) => app.request(path, init), CHAT_USER_FID, appDomain(config.publicUrl));
  return {
    type: 'ready',
    appUrl,
    bareUrl,
    agents: agentIds.length,
    chat: { agentId: chatAgent, fid: CHAT_USER_FID, token },
  };
}

process.on('message', (message) => {
  if (message === 'stop') void stop();
});
process.on('disconnect', () => void stop());
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());

start().then(
  (ready) => process.send?.(ready),
  async (error: unknown) => {
    process.send?.({
      type: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    await stop();
  },
);
