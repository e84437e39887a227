import type pg from 'pg';
import type { LocalAccount } from 'viem';
import type { AppDeps } from './app-deps.ts';
import { startRevocationCleanup } from './auth/index.ts';
import { startCastWebhookSync } from './cast-webhooks/index.ts';
import { type DeployService, deployService, startDeployQueue } from './deploy/index.ts';
import { startFeeKeeper } from './economy/index.ts';
import { startBaseNotificationSender, startLifeWatch, startNotificationSender } from './notify/index.ts';
import { startCastLearning } from './owner-controls/index.ts';
import { type LifeIndexerDeps, syncLifeIndex, syncLifeIndexOnNewBlock } from './platform/chain/life-indexer.ts';
import { startRateLimitCleanup } from './platform/limits/rate-limits.ts';
import { startOutboxSettlement } from './platform/outbox/index.ts';
import { startRevivalSocial } from './revivals/index.ts';
import type { Services } from './services.ts';
import { startTwinActions, type TwinActions } from './twin-actions/index.ts';

/** What the started workers hand the routes: the queues the routes send jobs to. */
export interface Workers {
  deploy: DeployService;
  twinActions: TwinActions;
  /** The outbox's settlement queue: withdrawals and relays hand it what they sent. */
  outboxSettlements: Awaited<ReturnType<typeof startOutboxSettlement>>;
  /** What the life indexer hands a range's payments to (the life watch's), for passes run elsewhere. */
  onLifePaid: LifeIndexerDeps['onLifePaid'];
}

/**
 * Every queue of the service and its worker, started in one place. Each `start…` creates its
 * queues and registers its workers; in a process whose role is `api` the job queue registers no
 * worker (jobs/job-queue.ts), so the same list serves every role: an API replica only sends jobs.
 */
export async function startWorkers(deps: AppDeps, services: Services, rateLimitPool: pg.Pool): Promise<Workers> {
  const { config, db, logger, jobs } = deps;
  // Every transaction the service signs is settled and swept by the outbox's jobs.
  const outboxSettlements = await startOutboxSettlement(jobs, {
    db,
    chain: deps.chain,
    budgetMs: config.twinWallet.chainBudgetMs,
    logger,
  });
  const deployQueue = await startDeployQueue(jobs, {
    ...services,
    db,
    logger,
    publicClient: deps.chain,
    settlements: outboxSettlements,
    walletEncryptionKey: config.walletEncryptionKey,
    publicUrl: config.publicUrl,
  });
  const sender = await startNotificationSender(jobs, { db, logger, production: config.mode === 'production' });
  // Owners who signed in by wallet are reached through Base's Notifications API, when configured.
  const base = config.baseNotifications
    ? await startBaseNotificationSender(jobs, { db, logger, api: config.baseNotifications })
    : undefined;
  const twinActionDeps = {
    ...services,
    db,
    logger,
    sender,
    base,
    publicUrl: config.publicUrl,
    replyRules: config.replyRules,
    linkAllowList: config.twinLinkHosts,
  };
  // Revivals the life watch indexes are handed to their job: the owner's notice, the twin's thanks.
  const revivals = await startRevivalSocial(jobs, {
    twin: twinActionDeps,
    sender,
    base,
    accounts: services.walletAccounts,
    operator: services.operator.account.address,
    targetUrl: config.publicUrl,
  });
  const lifeIndex: LifeIndexerDeps = {
    ...deps,
    contracts: services.contracts,
    life: services.life,
    ...config.lifeIndex,
    onLifePaid: revivals.onLifePaid,
  };
  await startLifeWatch(jobs, { ...lifeIndex, config, sender, base });
  await startFeeKeeper(jobs, {
    db,
    chain: deps.chain,
    feeLocker: services.feeLocker,
    contracts: services.contracts,
    operator: services.operator.account as LocalAccount,
    walletEncryptionKey: config.walletEncryptionKey,
    ...config.feeKeeper,
    logger,
  });
  const twinActions = await startTwinActions(jobs, twinActionDeps, {
    // The backfill (an anti-join over every twin) is the life watch's alone: not once more per tick.
    syncLifeIndex: () => syncLifeIndex(lifeIndex, { backfill: false }),
    syncLifeIndexOnNewBlock: syncLifeIndexOnNewBlock(lifeIndex),
    scheduleIntervalSeconds: config.lifeWatchIntervalSeconds,
    localFirehose: config.mode === 'local',
  });
  await startCastLearning(
    jobs,
    { db, farcaster: services.farcaster, logger, memoryCap: config.memoryCasts },
    config.lifeWatchIntervalSeconds,
  );
  if (config.neynarWebhook.ids.length > 0) {
    await startCastWebhookSync(
      jobs,
      { db, logger, castWebhooks: services.castWebhooks },
      config.neynarWebhook.syncSeconds,
    );
  }
  await startRateLimitCleanup(jobs, { pool: rateLimitPool, logger });
  await startRevocationCleanup(jobs, { revocations: services.walletSessions.revocations, logger });
  return {
    deploy: deployService({ db, queue: deployQueue, waitMs: deps.deployWaitMs }),
    twinActions,
    outboxSettlements,
    onLifePaid: revivals.onLifePaid,
  };
}
