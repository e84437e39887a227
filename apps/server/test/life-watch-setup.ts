import { bootstrapLocalChain, type Deployment } from '@fartwin/contracts/deployment';
import { pino } from 'pino';
import type { LifeWatchTickDeps } from '../src/notify/life-watch.ts';
import { startNotificationSender } from '../src/notify/sender.ts';
import { createChainClient } from '../src/platform/chain/client.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { type FakeFarcasterClient, startFakeFarcasterClient } from './fake-farcaster-client.ts';
import type { TestServer } from './harness.ts';

/**
 * What a life-watch test runs its own ticks with: the local network seeded, the chain's contracts
 * bootstrapped, a Farcaster client that takes notifications, and the tick's deps (`extra` adds
 * channels).
 */
export async function lifeWatchSetup(
  server: TestServer,
  deploymentFile: string,
  extra: (logger: LifeWatchTickDeps['logger']) => Promise<Partial<LifeWatchTickDeps>> = async () => ({}),
): Promise<{ deployment: Deployment; client: FakeFarcasterClient; tickDeps: LifeWatchTickDeps }> {
  await seedLocalNetwork(server.db, server.config.publicUrl);
  const deployment = await bootstrapLocalChain({ rpcUrl: server.anvil.rpcUrl, deploymentFile });
  const client = await startFakeFarcasterClient();
  const logger = pino({ level: 'silent' });
  const tickDeps: LifeWatchTickDeps = {
    db: server.db,
    chain: createChainClient(server.anvil.rpcUrl),
    contracts: server.services.contracts,
    life: server.services.life,
    logger,
    sender: await startNotificationSender(server.jobs, { db: server.db, logger, production: false }),
    targetUrl: server.config.publicUrl,
    ...(await extra(logger)),
  };
  return { deployment, client, tickDeps };
}
