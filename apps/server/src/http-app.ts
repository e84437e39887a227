import { quickAuthPaths, SERVER_PATH_PREFIXES, walletSignInPaths } from '@fartwin/protocol';
import { Hono } from 'hono';
import type { AppDeps } from './app-deps.ts';
import { appDomain, quickAuthRoutes, walletNonces, walletSignIn, walletSignInRoutes } from './auth/index.ts';
import { NEYNAR_WEBHOOK_PATH, neynarWebhookRoutes } from './cast-webhooks/index.ts';
import { chatRoutes } from './chat/index.ts';
import { deployRoutes } from './deploy/index.ts';
import { economyRoutes } from './economy/index.ts';
import { healthRoutes, healthService } from './health/index.ts';
import { appConfigRoutes, manifestRoutes, miniappStaticRoutes, pageHeadTags, WEBHOOK_PATH } from './manifest/index.ts';
import { rememberWalletAddress, webhookRoutes } from './notify/index.ts';
import {
  agentActionsRoutes,
  approvalRoutes,
  ownerExampleRoutes,
  peopleMemoryRoutes,
  voiceRoutes,
} from './owner-controls/index.ts';
import { requestBodyLimit } from './platform/http/body-limit.ts';
import { compressAnswers } from './platform/http/compress-answers.ts';
import { errorBody, handleError } from './platform/http/errors.ts';
import { type PublicAnswers, publicAnswers } from './platform/http/public-answers.ts';
import { requestLog } from './platform/http/request-log.ts';
import { everyAnswerHeaders, securityHeaders } from './platform/http/security-headers.ts';
import type { RateLimits } from './platform/limits/rate-limits.ts';
import { requestBudget } from './platform/limits/request-budget.ts';
import { checkedManifest } from './production-checks.ts';
import { batteryRelay, batteryRelayRoutes } from './relay/index.ts';
import { reviverRoutes } from './revivals/index.ts';
import type { Services } from './services.ts';
import { localNetworkRoutes } from './social/index.ts';
import { activityRoutes } from './twin-activity/index.ts';
import { twinWalletRoutes, twinWalletService } from './twin-wallet/index.ts';
import { directoryRoutes } from './twins/index.ts';
import type { Workers } from './workers.ts';

/** Bodies above this are refused with 413 before they are read. */
const MAX_BODY_BYTES = 64 * 1024;

const isApiPath = (path: string) =>
  SERVER_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** What every route group is built from. */
interface HttpDeps {
  deps: AppDeps;
  services: Services;
  workers: Workers;
  rateLimits: RateLimits;
}

/**
 * The HTTP app: the middleware every request passes, then the health probes (every role answers
 * them), then, when this process takes requests, every route group.
 */
export async function createHttpApp({ deps, services, workers, rateLimits }: HttpDeps): Promise<Hono> {
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
  // A worker process answers its health probes only; the API processes take the requests.
  if (deps.config.role !== 'worker') await mountRoutes(app, { deps, services, workers, rateLimits }, answers);
  return app;
}

/** Every route group but the health probes, in the order they match. */
async function mountRoutes(
  app: Hono,
  { deps, services, workers, rateLimits }: HttpDeps,
  answers: PublicAnswers,
): Promise<void> {
  const { db, logger, config } = deps;
  const { tokens } = services;
  app.route('/', appConfigRoutes(config, services.contracts));
  app.route('/', directoryRoutes({ db, lives: services.lives, farcaster: services.farcaster, rateLimits, answers }));
  app.route(
    '/',
    deployRoutes({
      db,
      tokens,
      farcaster: services.farcaster,
      deploy: workers.deploy,
      rateLimits,
      maxDeploysPerDay: config.maxDeploysPerDay,
    }),
  );
  app.route(
    '/',
    chatRoutes({
      db,
      logger,
      tokens,
      lives: services.lives,
      chatEngine: services.chatEngine,
      rateLimits,
      budget: config.chatBudget,
    }),
  );
  app.route('/', reviverRoutes({ db, answers }));
  app.route(
    '/',
    twinWalletRoutes({
      wallet: twinWalletService({
        db,
        chain: deps.chain,
        farcaster: services.farcaster,
        contracts: services.contracts,
        walletEncryptionKey: config.walletEncryptionKey,
        limits: config.twinWallet,
        settlements: workers.outboxSettlements,
      }),
      tokens,
      rateLimits,
    }),
  );
  app.route(
    '/',
    economyRoutes({
      db,
      chain: deps.chain,
      feeLocker: services.feeLocker,
      contracts: services.contracts,
      tokens,
      rateLimits,
      answers,
    }),
  );
  app.route('/', agentActionsRoutes({ db, tokens, directMessages: services.directMessages, rateLimits }));
  app.route('/', peopleMemoryRoutes({ db, tokens, rateLimits }));
  app.route('/', ownerExampleRoutes({ db, tokens, rateLimits }));
  app.route('/', voiceRoutes({ db, tokens, rateLimits, farcaster: services.farcaster, memoryCap: config.memoryCasts }));
  app.route(
    '/',
    batteryRelayRoutes({
      relay: batteryRelay({
        db,
        chain: deps.chain,
        operator: services.operator,
        contracts: services.contracts,
        caps: config.batteryRelay,
        logger,
        settlements: workers.outboxSettlements,
      }),
      rateLimits,
      trustProxyHops: config.trustProxyHops,
    }),
  );
  app.route('/', approvalRoutes({ db, tokens, rateLimits, drafts: workers.twinActions.drafts }));
  app.route('/', activityRoutes({ db, tokens, rateLimits }));
  if (services.localQuickAuth) app.route('/', quickAuthRoutes(services.localQuickAuth));
  const nonces = walletNonces(db);
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
        domain: appDomain(config.publicUrl),
        origin: new URL(config.publicUrl).origin,
        onSignedIn: (fid, address) => rememberWalletAddress(db, fid, address),
      }),
    }),
  );
  if (config.mode === 'local') {
    const funding = { db, chain: deps.chain, operator: services.operator, settlements: workers.outboxSettlements };
    app.route('/', localNetworkRoutes({ ...deps, twinActions: workers.twinActions, funding }));
  }
  if (config.neynarWebhookSecrets.length > 0) {
    const secrets = config.neynarWebhookSecrets;
    app.route('/', neynarWebhookRoutes({ db, logger, secrets, twinActions: workers.twinActions }));
  }
  const manifest = await checkedManifest(config, logger);
  app.route('/', manifestRoutes({ db, lives: services.lives, manifest }));
  app.route(
    '/',
    webhookRoutes({
      db,
      logger,
      verifyAppKey: services.verifyAppKey,
      production: config.mode === 'production',
    }),
  );
  app.route('/', miniappStaticRoutes(config.miniappDist, isApiPath, pageHeadTags(config.publicUrl)));
}
