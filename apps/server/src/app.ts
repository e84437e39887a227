import { quickAuthPaths, SERVER_PATH_PREFIXES, walletSignInPaths } from '@fartwin/protocol';
import { Hono } from 'hono';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { LocalAccount, PublicClient } from 'viem';
import { appDomain } from './auth/app-domain.ts';
import { walletNonces } from './auth/wallet-nonces.ts';
import { startRevocationCleanup } from './auth/wallet-session-revocations.ts';
import { walletSignIn } from './auth/wallet-sign-in.ts';
import { startCastWebhookSync } from './cast-webhooks/cast-webhook-sync.ts';
import { type LifeIndexerDeps, syncLifeIndex, syncLifeIndexOnNewBlock } from './chain/life-indexer.ts';
import { operatorBalance, operatorOwnsLifeContract } from './chain/operator-checks.ts';
import type { ServerConfig } from './config/config.ts';
import { createPool, type Db } from './db/database.ts';
import { startDeployQueue } from './deploy/deploy-queue.ts';
import { type DeployService, deployService } from './deploy/deploy-service.ts';
import { startFeeKeeper } from './economy/fee-keeper-job.ts';
import { economyRoutes } from './economy/routes.ts';
import { healthService } from './health/health-service.ts';
import { requestBodyLimit } from './http/body-limit.ts';
import { compressAnswers } from './http/compress-answers.ts';
import { errorBody, handleError } from './http/errors.ts';
import { publicAnswers } from './http/public-answers.ts';
import { requestLog } from './http/request-log.ts';
import { everyAnswerHeaders, securityHeaders } from './http/security-headers.ts';
import { postgresRateLimits, type RateLimits, startRateLimitCleanup } from './limits/rate-limits.ts';
import { requestBudget } from './limits/request-budget.ts';
import { WEBHOOK_PATH } from './manifest/app-identity.ts';
import { buildManifest, InvalidManifestError, manifestProblems } from './manifest/manifest.ts';
import { pageHeadTags } from './manifest/page-head.ts';
import { startBaseNotificationSender } from './notify/base-sender.ts';
import { startLifeWatch } from './notify/life-watch.ts';
import { startNotificationSender } from './notify/sender.ts';
import { rememberWalletAddress } from './notify/wallet-addresses.ts';
import { startOutboxSettlement } from './outbox/index.ts';
import { agentActionsRoutes, approvalRoutes, ownerExampleRoutes, peopleMemoryRoutes } from './owner-controls/index.ts';
import { startCastLearning, voiceRoutes } from './owner-controls/voice/index.ts';
import { batteryRelay, batteryRelayRoutes } from './relay/index.ts';
import { startRevivalSocial } from './revivals/revival-social.ts';
import { reviverRoutes } from './revivals/routes.ts';
import { appConfigRoutes } from './routes/app-config.ts';
import { doppelgangerRoutes } from './routes/doppelganger.ts';
import { healthRoutes } from './routes/health.ts';
import { localNetworkRoutes } from './routes/local-network.ts';
import { manifestRoutes } from './routes/manifest.ts';
import { miniappStaticRoutes } from './routes/miniapp-static.ts';
import { NEYNAR_WEBHOOK_PATH, neynarWebhookRoutes } from './routes/neynar-webhook.ts';
import { quickAuthRoutes } from './routes/quick-auth.ts';
import { walletSignInRoutes } from './routes/wallet-sign-in.ts';
import { webhookRoutes } from './routes/webhook.ts';
import { createServices, type Services } from './services.ts';
import { startTwinActions, type TwinActions } from './twin-actions/index.ts';
import { activityRoutes } from './twin-activity/index.ts';
import { twinWalletRoutes } from './twin-wallet/routes.ts';
import { twinWalletService } from './twin-wallet/twin-wallet-service.ts';

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

/**
 * Connections the rate limits' store may hold: each check is one short statement. (A chat counts
 * its limits in the statement of its reads, on the app's pool: chat/chat-service.ts.)
 */
const RATE_LIMIT_CONNECTIONS = 3;

const isApiPath = (path: string) =>
  SERVER_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** Bodies above this are refused with 413 before they are read. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * The whole service: routes, and this process's job workers. FARTWIN_ROLE chooses which of the two
 * it runs (jobs/job-queue.ts: an API process's `work()` registers nothing).
 */
export async function createApp(deps: AppDeps): Promise<{
  app: Hono;
  services: Services;
  deploy: DeployService;
  twinActions: TwinActions;
  rateLimits: RateLimits;
  /** What the life indexer hands a range's payments to (the life watch's), for passes run elsewhere. */
  onLifePaid: LifeIndexerDeps['onLifePaid'];
}> {
  const app = new Hono();
  const production = deps.config.mode === 'production';
  // Public answers held in memory go out right after the request log: they carry every header themselves.
  const answers = publicAnswers({
    ttlMs: deps.config.directoryCacheMs,
    everyAnswerHeaders: everyAnswerHeaders({ production }),
  });
  app.use(requestLog(deps.logger));
  app.use(answers.held);
  app.use(securityHeaders({ production }));
  // Inside the security headers, so they land on the compressed answer it makes.
  app.use(compressAnswers());
  app.use(requestBodyLimit(MAX_BODY_BYTES));
  app.onError(handleError(deps.logger));
  app.notFound((c) => c.json(errorBody('not_found', `No route for ${c.req.method} ${c.req.path}`), 404));

  const services = createServices(deps, deps.services);
  const deployQueue = await startDeployQueue(deps.jobs, {
    ...services,
    db: deps.db,
    logger: deps.logger,
    publicClient: deps.chain,
    walletEncryptionKey: deps.config.walletEncryptionKey,
    publicUrl: deps.config.publicUrl,
  });
  const sender = await startNotificationSender(deps.jobs, {
    db: deps.db,
    logger: deps.logger,
    production: deps.config.mode === 'production',
  });
  // Owners who signed in by wallet are reached through Base's Notifications API, when configured.
  const baseConfig = deps.config.baseNotifications;
  const base = baseConfig
    ? await startBaseNotificationSender(deps.jobs, { db: deps.db, logger: deps.logger, api: baseConfig })
    : undefined;
  if (!baseConfig && deps.config.mode === 'production') {
    deps.logger.warn('BASE_NOTIFICATIONS_API_KEY is not set: owners in the Base App get no notifications');
  }
  const twinActionDeps = {
    ...services,
    db: deps.db,
    logger: deps.logger,
    sender,
    publicUrl: deps.config.publicUrl,
    replyRules: deps.config.replyRules,
    linkAllowList: deps.config.twinLinkHosts,
  };
  // Revivals the life watch indexes are handed to their job: the owner's notice, the twin's thanks.
  const revivals = await startRevivalSocial(deps.jobs, {
    twin: twinActionDeps,
    sender,
    base,
    accounts: services.walletAccounts,
    operator: services.operator.account.address,
    targetUrl: deps.config.publicUrl,
  });
  const lifeIndex: LifeIndexerDeps = {
    ...deps,
    contracts: services.contracts,
    life: services.life,
    ...deps.config.lifeIndex,
    onLifePaid: revivals.onLifePaid,
  };
  await startLifeWatch(deps.jobs, { ...lifeIndex, config: deps.config, sender, base });
  await startFeeKeeper(deps.jobs, {
    db: deps.db,
    chain: deps.chain,
    feeLocker: services.feeLocker,
    contracts: services.contracts,
    operator: services.operator.account as LocalAccount,
    walletEncryptionKey: deps.config.walletEncryptionKey,
    ...deps.config.feeKeeper,
    logger: deps.logger,
  });
  // Every transaction the service signs is settled and swept by the outbox's jobs.
  const outboxSettlements = await startOutboxSettlement(deps.jobs, {
    db: deps.db,
    chain: deps.chain,
    budgetMs: deps.config.twinWallet.chainBudgetMs,
    logger: deps.logger,
  });
  const twinActions = await startTwinActions(deps.jobs, twinActionDeps, {
    // The backfill (an anti-join over every twin) is the life watch's alone: not once more per tick.
    syncLifeIndex: () => syncLifeIndex(lifeIndex, { backfill: false }),
    syncLifeIndexOnNewBlock: syncLifeIndexOnNewBlock(lifeIndex),
    scheduleIntervalSeconds: deps.config.lifeWatchIntervalSeconds,
    localFirehose: deps.config.mode === 'local',
  });
  await startCastLearning(
    deps.jobs,
    { db: deps.db, farcaster: services.farcaster, logger: deps.logger, memoryCap: deps.config.memoryCasts },
    deps.config.lifeWatchIntervalSeconds,
  );
  if (deps.config.neynarWebhook.ids.length > 0) {
    await startCastWebhookSync(
      deps.jobs,
      { db: deps.db, logger: deps.logger, castWebhooks: services.castWebhooks },
      deps.config.neynarWebhook.syncSeconds,
    );
  }
  const deploy = deployService({ db: deps.db, queue: deployQueue, waitMs: deps.deployWaitMs });
  const rateLimitPool = createPool(deps.config.databaseUrl, { max: RATE_LIMIT_CONNECTIONS, logger: deps.logger });
  await startRateLimitCleanup(deps.jobs, { pool: rateLimitPool, logger: deps.logger });
  await startRevocationCleanup(deps.jobs, { revocations: services.walletSessions.revocations, logger: deps.logger });
  const rateLimits =
    deps.rateLimits ??
    postgresRateLimits({ pool: rateLimitPool, logger: deps.logger, trustProxyHops: deps.config.trustProxyHops });
  // A total time budget for every request but the chat's stream and the deploy call, which have their own.
  const budget = requestBudget(deps.config.requestBudgetMs);
  app.use('*', async (c, next) => {
    const streamsOrWaits =
      c.req.method === 'POST' && /^\/doppelganger\/(chat-with-fartwin|deploy)\/[^/]+$/.test(c.req.path);
    return streamsOrWaits ? next() : budget(c, next);
  });
  // Per-IP limits on what anyone may call and what costs to answer; per-fid ones sit in the routes.
  app.use(quickAuthPaths.nonce, rateLimits.limit('noncePerIp'));
  // POST only: a cross-origin dev page's CORS preflight costs no sign-in attempt.
  app.post(walletSignInPaths.nonce, rateLimits.limit('noncePerIp'));
  app.post(walletSignInPaths.signIn, rateLimits.limit('walletSignInPerIp'));
  app.post(walletSignInPaths.signOut, rateLimits.limit('signOutPerIp'));
  app.use(WEBHOOK_PATH, rateLimits.limit('webhookPerIp'));
  app.use(NEYNAR_WEBHOOK_PATH, rateLimits.limit('webhookPerIp'));
  app.use('/images/agents/*', rateLimits.limit('costlyReadPerIp'));
  app.route(
    '/',
    healthRoutes({
      health: healthService({
        ...deps,
        lifeIndexStaleSeconds: deps.config.lifeIndexStaleSeconds,
        operator: services.operator.account.address,
        contracts: services.contracts,
        cacheMs: deps.config.health.cacheMs,
      }),
      token: deps.config.health.token,
      rateLimits,
    }),
  );
  const made = { app, services, deploy, twinActions, rateLimits, onLifePaid: revivals.onLifePaid };
  if (deps.config.role === 'worker') {
    // A worker process answers its health probes only; the API processes take the requests.
    if (deps.config.mode === 'production') await checkOperatorSetup(deps, services);
    return made;
  }
  app.route('/', appConfigRoutes(deps.config, services.contracts));
  app.route(
    '/',
    doppelgangerRoutes({
      db: deps.db,
      logger: deps.logger,
      services,
      deploy,
      rateLimits,
      answers,
      config: deps.config,
    }),
  );
  app.route('/', reviverRoutes({ db: deps.db, answers }));
  app.route(
    '/',
    twinWalletRoutes({
      wallet: twinWalletService({
        db: deps.db,
        chain: deps.chain,
        farcaster: services.farcaster,
        contracts: services.contracts,
        walletEncryptionKey: deps.config.walletEncryptionKey,
        limits: deps.config.twinWallet,
        settlements: outboxSettlements,
      }),
      tokens: services.tokens,
      rateLimits,
    }),
  );
  app.route(
    '/',
    economyRoutes({
      db: deps.db,
      chain: deps.chain,
      feeLocker: services.feeLocker,
      contracts: services.contracts,
      tokens: services.tokens,
      rateLimits,
      answers,
    }),
  );
  app.route(
    '/',
    agentActionsRoutes({
      db: deps.db,
      tokens: services.tokens,
      directMessages: services.directMessages,
      rateLimits,
    }),
  );
  app.route('/', peopleMemoryRoutes({ db: deps.db, tokens: services.tokens, rateLimits }));
  app.route('/', ownerExampleRoutes({ db: deps.db, tokens: services.tokens, rateLimits }));
  app.route(
    '/',
    voiceRoutes({
      db: deps.db,
      tokens: services.tokens,
      rateLimits,
      farcaster: services.farcaster,
      memoryCap: deps.config.memoryCasts,
    }),
  );
  app.route(
    '/',
    batteryRelayRoutes({
      relay: batteryRelay({
        db: deps.db,
        chain: deps.chain,
        operator: services.operator,
        contracts: services.contracts,
        caps: deps.config.batteryRelay,
        logger: deps.logger,
        settlements: outboxSettlements,
      }),
      rateLimits,
      trustProxyHops: deps.config.trustProxyHops,
    }),
  );
  app.route('/', approvalRoutes({ db: deps.db, tokens: services.tokens, rateLimits, drafts: twinActions.drafts }));
  app.route('/', activityRoutes({ db: deps.db, tokens: services.tokens, rateLimits }));
  if (services.localQuickAuth) app.route('/', quickAuthRoutes(services.localQuickAuth));
  const nonces = walletNonces(deps.db);
  app.route(
    '/',
    walletSignInRoutes({
      nonces,
      sessions: services.walletSessions,
      signIn: walletSignIn({
        nonces,
        sessions: services.walletSessions,
        accounts: services.walletAccounts,
        chain: deps.chain,
        domain: appDomain(deps.config.publicUrl),
        origin: new URL(deps.config.publicUrl).origin,
        onSignedIn: (fid, address) => rememberWalletAddress(deps.db, fid, address),
      }),
    }),
  );
  if (deps.config.mode === 'local') app.route('/', localNetworkRoutes({ ...deps, twinActions }));
  if (deps.config.neynarWebhookSecrets.length > 0) {
    const secrets = deps.config.neynarWebhookSecrets;
    app.route('/', neynarWebhookRoutes({ db: deps.db, logger: deps.logger, secrets, twinActions }));
  } else if (deps.config.mode === 'production') {
    deps.logger.warn('NEYNAR_WEBHOOK_SECRET is not set: twins will not reply when tagged on Farcaster');
  }
  const manifest = await buildManifest(deps.config);
  const problems = manifestProblems(manifest);
  if (problems.length > 0) {
    // localhost URLs are not https: expected locally, fatal in production.
    if (deps.config.mode === 'production') {
      throw new InvalidManifestError(`The Farcaster manifest is invalid: ${problems.join('; ')}`);
    }
    deps.logger.warn({ problems }, 'manifest is not valid for production (expected with local URLs)');
  }
  if (deps.config.mode === 'production') await checkOperatorSetup(deps, services);
  app.route('/', manifestRoutes({ db: deps.db, lives: services.lives, manifest }));
  app.route(
    '/',
    webhookRoutes({
      db: deps.db,
      logger: deps.logger,
      verifyAppKey: services.verifyAppKey,
      production: deps.config.mode === 'production',
    }),
  );
  app.route('/', miniappStaticRoutes(deps.config.miniappDist, isApiPath, pageHeadTags(deps.config.publicUrl)));
  return made;
}

/**
 * Production start-up: the operator's key should not own the life contract (warn, or refuse when
 * OPERATOR_OWNS_LIFE_CONTRACT=refuse), and a low balance is said at once.
 */
async function checkOperatorSetup(deps: AppDeps, services: Services): Promise<void> {
  const contracts = services.contracts();
  if (!contracts) return;
  const operator = services.operator.account.address;
  // A chain that does not answer at start-up is /health/ready's to report, not a reason not to start.
  const owns = await operatorOwnsLifeContract(deps.chain, operator, contracts).catch((error: unknown) => {
    deps.logger.warn({ err: error }, 'could not check who owns the life contract');
    return null;
  });
  if (owns && deps.config.operatorOwnsLifeContract === 'refuse') throw new OperatorSetupError(owns);
  if (owns) deps.logger.warn(owns);
  const balance = await operatorBalance(deps.chain, operator, contracts).catch(() => null);
  if (balance?.low) deps.logger.warn({ operator, balance: balance.detail }, 'operator balance is low');
}

/** The operator's setup is refused by the configuration: the server does not start. */
export class OperatorSetupError extends Error {
  override name = 'OperatorSetupError';
}
