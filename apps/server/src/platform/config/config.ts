import { fileURLToPath } from 'node:url';
import { domainSchema, encodedJsonFarcasterSignatureSchema } from '@farcaster/miniapp-core';
import { BASE_QUOTER_V2 } from '@fartwin/contracts/protection';
import { LOCAL_BASE_NOTIFICATIONS_API_KEY } from '@fartwin/localstack/base-notifications';
import { devAccount, OPERATOR_ACCOUNT_INDEX } from '@fartwin/localstack/dev-accounts';
import { addressSchema } from '@fartwin/protocol';
import { Attribution } from 'ox/erc8021';
import { type Hex, parseEther, toHex } from 'viem';
import { z } from 'zod';
import { DEFAULT_FIDS_PER_WEBHOOK } from '../providers/neynar-cast-webhooks.ts';

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

/** An amount of wei: a whole number, at most 1 ETH (the keeper's caps). */
const weiSchema = z.coerce
  .bigint()
  .min(0n)
  .max(10n ** 18n, 'must be at most 1 ETH (10^18 wei)');

/** An amount of ETH as people write it ("0.01", up to 18 decimals), as wei. */
const etherSchema = (defaultEther: string) =>
  z
    .string()
    .regex(/^(0|[1-9][0-9]{0,5})(\.[0-9]{1,18})?$/, 'must be an amount of ETH, e.g. 0.01')
    .default(defaultEther)
    .transform((value) => parseEther(value));

/** A 0x-prefixed 32-byte hex value (private keys, AES keys). */
const hex32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex characters');

/**
 * Local defaults are only for `npm start` on one machine: the dev mnemonic's operator account (the
 * one the contracts bootstrap deploys and funds from) and a fixed, public wallet-encryption key.
 * Production must set its own (checked below).
 */
const devKey = (index: number) => toHex(devAccount(index).getHdKey().privateKey!);
const localOperatorKey = () => devKey(OPERATOR_ACCOUNT_INDEX);
const LOCAL_WALLET_KEY = `0x${'11'.repeat(32)}`;
/** Signs local web-mode sessions; public, so production refuses it. */
export const LOCAL_WALLET_SESSION_SECRET = 'fartwin-local-wallet-session-secret-public-never-use-in-production';
/** The development mnemonic's first accounts: their keys are public, so production refuses them. */
const PUBLIC_DEV_ACCOUNTS = 20;
/** Base's Notifications API (the Base Dashboard's REST API), and the dev host's stand-in of it. */
const BASE_NOTIFICATIONS_API_URL = 'https://dashboard.base.org/api/v1/notifications';
/** The builder code local mode marks its transactions with (not registered anywhere). */
export const LOCAL_BUILDER_CODE = 'fartwin_local';

/**
 * The app's builder code (registered on base.dev) as the ERC-8021 data suffix Base's indexers
 * read: the code in the canonical registry's schema, appended to a transaction's calldata.
 * Null without a code.
 */
export function builderCodeSuffix(code: string | null | undefined): Hex | null {
  return code ? Attribution.toDataSuffix({ codes: [code] }) : null;
}

const LOCAL_BASE_NOTIFICATIONS_API_URL = 'http://localhost:3000/base/api/v1/notifications';

/** Base's public JSON-RPC endpoint: rate-limited, keyless, fine for a browser's reads. */
const BASE_PUBLIC_RPC_URL = 'https://mainnet.base.org';

/** A comma-separated list of non-empty values ("a,b" → ["a", "b"]). */
const commaList = z
  .string()
  .transform((text) => text.split(',').map((item) => item.trim()))
  .refine((items) => items.every((item) => item.length > 0), 'must be a comma-separated list without empty items');

/** Hosts that only this machine reaches. */
function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare.endsWith('.localhost') || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

/** The roles a process of the service can take (FARTWIN_ROLE). */
export const PROCESS_ROLES = ['api', 'worker', 'all'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

const envSchema = z
  .object({
    FARTWIN_MODE: z.enum(['local', 'production']).default('local'),
    /**
     * What this process does: `api` answers requests and queues jobs, `worker` works the queues and
     * answers only its health probes, `all` both (one process, as `npm start` runs it).
     */
    FARTWIN_ROLE: z.enum(PROCESS_ROLES).default('all'),
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(1).max(65_535).default(3001),
    PUBLIC_URL: z.string().url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Local default: the embedded Postgres that `npm start` runs. */
    DATABASE_URL: z.string().url().optional(),
    /** Local default: the anvil that `npm start` runs. */
    CHAIN_RPC_URL: z.string().url().optional(),
    /** Local mode: where the contracts bootstrap wrote the addresses. */
    DEPLOYMENT_FILE: z.string().default(`${repoRoot}.data/deployment.json`),
    /** Production: the real Base addresses. */
    USDC_ADDRESS: z.optional(addressSchema),
    FARTWIN_LIFE_ADDRESS: z.optional(addressSchema),
    /** Production: Uniswap's QuoterV2 the mini-app quotes a revival's swap with (Base's by default). */
    QUOTER_ADDRESS: z._default(addressSchema, BASE_QUOTER_V2),
    OPERATOR_PRIVATE_KEY: hex32.optional(),
    WALLET_ENCRYPTION_KEY: hex32.optional(),
    NEYNAR_API_KEY: z.string().min(1).optional(),
    /** Signs web mode's sessions (wallet sign-in); every replica shares it. At least 32 characters. */
    WALLET_SESSION_SECRET: z.string().min(32, 'must be at least 32 characters (`openssl rand -hex 32`)').optional(),
    /** How long a web-mode session lasts. */
    WALLET_SESSION_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(30 * 24 * 3600)
      .default(24 * 3600),
    /** Neynar's app wallet (holds ETH on Optimism): pays for registering twins' Farcaster accounts. */
    NEYNAR_WALLET_ID: z.string().min(1).optional(),
    /**
     * Signs Neynar's cast.created webhook deliveries (thread replies); without it, no webhook route.
     * Comma-separated when there are several webhooks (each has its own secret).
     */
    NEYNAR_WEBHOOK_SECRET: commaList.optional(),
    /** The Neynar webhooks (ids, comma-separated) whose cast.created filters list the twins. */
    NEYNAR_WEBHOOK_IDS: commaList.optional(),
    /** Twins' fids per webhook filter; past it, the next webhook takes them. */
    NEYNAR_WEBHOOK_MAX_FIDS: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_FIDS_PER_WEBHOOK),
    /** How often some replica makes the webhooks' filters equal to the twins in the database. */
    NEYNAR_WEBHOOK_SYNC_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
    /**
     * The manifest's account association (JSON: header, payload, signature) that proves the domain
     * belongs to the app's Farcaster account; Farcaster's developer tools make it. Local mode signs
     * its own with the operator key.
     */
    ACCOUNT_ASSOCIATION: z
      .string()
      .transform((text, ctx) => {
        try {
          return encodedJsonFarcasterSignatureSchema.parse(JSON.parse(text));
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be JSON with header, payload and signature strings' });
          return z.NEVER;
        }
      })
      .optional(),
    /**
     * The production domain (fartwin.example.com: no scheme, port or path): the manifest's
     * canonicalDomain. A production-mode deployment on another host (staging) is kept out of search
     * (noindex). Defaults to PUBLIC_URL's host.
     */
    CANONICAL_DOMAIN: domainSchema.optional(),
    /**
     * The wallet address of the Base Build account the app was imported with: the manifest's
     * baseBuilder.ownerAddress, which ties the app to that account in the Base App's tools.
     */
    BASE_BUILDER_OWNER_ADDRESS: z.optional(addressSchema),
    /**
     * Base Dashboard's API key (its project's Settings > API Key): notifies owners who signed in by
     * wallet through Base's Notifications API. Unset in production: that channel is off.
     */
    BASE_NOTIFICATIONS_API_KEY: z.string().min(1).max(256).optional(),
    /** Where Base's Notifications API is; locally the dev host's stand-in. */
    BASE_NOTIFICATIONS_API_URL: z.string().url().optional(),
    /**
     * The app's builder code (base.dev, Settings > Builder Code): appended as an ERC-8021 data
     * suffix to every transaction the service signs and the app asks a wallet to send. Unset in
     * production: none; locally a sample code.
     */
    BUILDER_CODE: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, "_" or "-" (the code base.dev shows)')
      .optional(),
    /** The app's URL as registered on the Base Dashboard; defaults to PUBLIC_URL. */
    BASE_APP_URL: z.string().url().optional(),
    LLM_BASE_URL: z.string().url().optional(),
    LLM_API_KEY: z.string().optional(),
    LLM_MODEL: z.string().optional(),
    // How many tokens of a model's prompt what a twin recalls of its owner's casts may take.
    LLM_RECALL_TOKENS: z.coerce.number().int().min(100).max(100_000).default(1_500),
    MINIAPP_DIST: z.string().default(`${repoRoot}apps/miniapp/dist`),
    // The fee keeper (economy/): how often it looks for twins near the end of their battery, how
    // near, and its caps on what it spends from a twin's wallet (wei of WETH/ETH).
    FEE_KEEPER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
    FEE_KEEPER_DUE_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(7 * 86_400)
      .default(86_400),
    FEE_KEEPER_MAX_SWAP_WEI: weiSchema.default(50_000_000_000_000_000n),
    FEE_KEEPER_GAS_RESERVE_WEI: weiSchema.default(1_000_000_000_000_000n),
    FEE_KEEPER_GAS_ADVANCE_WEI: weiSchema.default(1_000_000_000_000_000n),
    /** Seconds between life-watch ticks (battery warnings, deaths). Default: 5 locally, 60 in production. */
    LIFE_WATCH_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
    // The LifeExtended indexer: blocks per eth_getLogs call (providers cap it), and blocks left
    // behind the head so a reorg cannot leave an event in the index that the chain dropped.
    LIFE_INDEX_BLOCK_RANGE: z.coerce.number().int().min(1).max(100_000).default(2_000),
    LIFE_INDEX_CONFIRMATIONS: z.coerce.number().int().min(0).max(1_000).optional(),
    // How long a replica keeps a public directory page or a user's twins in memory (0: not at all).
    DIRECTORY_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    // Every other API request's time budget (the chat stream and the deploy call have their own).
    REQUEST_BUDGET_SECONDS: z.coerce.number().positive().max(120).default(10),
    // The chat's time budgets: a whole reply, and the longest pause between two of its parts.
    CHAT_BUDGET_SECONDS: z.coerce.number().positive().max(600).default(90),
    CHAT_STALL_SECONDS: z.coerce.number().positive().max(600).default(20),
    // Reverse proxies in front of the server whose X-Forwarded-For entries are trusted (0: none,
    // the socket's address is the client's).
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
    // New twins the operator pays for (an account, gas and the first battery) per 24 hours.
    MAX_DEPLOYS_PER_DAY: z.coerce.number().int().min(0).default(500),
    // Signed batteries (revival with only USDC) whose gas the operator pays: per payer and in all
    // per 24 hours, and the operator's ETH below which it relays none (deploys need the rest).
    RELAY_PER_PAYER_PER_DAY: z.coerce.number().int().min(0).max(1_000).default(3),
    RELAY_PER_DAY: z.coerce.number().int().min(0).max(1_000_000).default(200),
    RELAY_MIN_OPERATOR_ETH: etherSchema('0.01'),
    // Whether payers whose address holds code (contract wallets, delegated accounts) are relayed:
    // their signatures can be valid when checked and invalid when mined, at the operator's gas.
    RELAY_CONTRACT_WALLETS: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    // Replies (thread replies, direct-message answers, each counted apart) one account draws from
    // all twins, and one twin writes, per hour and per 24 hours: each is a model call and a cast.
    REPLIES_PER_AUTHOR_PER_HOUR: z.coerce.number().int().min(0).max(10_000).default(5),
    REPLIES_PER_AUTHOR_PER_DAY: z.coerce.number().int().min(0).max(100_000).default(20),
    REPLIES_PER_TWIN_PER_HOUR: z.coerce.number().int().min(0).max(10_000).default(30),
    REPLIES_PER_TWIN_PER_DAY: z.coerce.number().int().min(0).max(100_000).default(200),
    // The owner's withdrawals from the twin's wallet (twin-wallet/): USDC, ETH and the twin's token
    // per twin per 24 hours (the token's as a share of its supply, in basis points: tokens have no
    // price the server trusts, and a share bounds what one day can put on its market), the ETH always
    // left in the wallet for its own gas, and the time budget of its chain calls.
    TWIN_WITHDRAW_USDC_PER_DAY: z.coerce.number().min(0).max(1_000_000).default(100),
    TWIN_WITHDRAW_ETH_PER_DAY: etherSchema('0.03'),
    TWIN_WITHDRAW_TOKEN_PER_DAY_BPS: z.coerce.number().int().min(0).max(10_000).default(100),
    TWIN_WALLET_GAS_RESERVE_ETH: z.coerce.number().min(0).max(1).default(0.0005),
    TWIN_WALLET_CHAIN_BUDGET_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    // Twins answer only accounts whose quality score (Neynar's user score, 0 to 1) is at least this; 0: everyone.
    REPLY_MIN_USER_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    // How many of its owner's casts a twin remembers at most: the oldest go first as it learns.
    TWIN_MEMORY_CASTS: z.coerce.number().int().min(100).max(1_000_000).default(10_000),
    // Hosts besides the app's own that a twin's text may link to, comma-separated ("docs.example.org,
    // example.com"; a host allows its subdomains); every other link is taken out of what a twin writes.
    TWIN_LINK_HOSTS: z
      .string()
      .max(2_000)
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter((host) => host.length > 0),
      )
      .pipe(
        z
          .array(
            z.string().regex(/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}$/, 'a host name such as example.com'),
          )
          .max(50),
      ),
    /** The chain RPC browsers are given (/app-config.js); CHAIN_RPC_URL, which often carries a key, stays here. */
    PUBLIC_RPC_URL: z.string().url().optional(),
    /**
     * Local mode uses public development keys, so it serves only this machine unless this says the
     * setup is a test one (e.g. a container reached through a mapped port).
     */
    ALLOW_EXPOSED_LOCAL_MODE: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    /** The operator's token for /health's details (balances, the index, skipped inputs); unset: nobody gets them. */
    HEALTH_TOKEN: z.string().min(32, 'must be at least 32 characters (`openssl rand -hex 32`)').optional(),
    // How long a replica reuses /health's answer and the probes' chain check (one RPC burst per window).
    HEALTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    /** What to do when the operator's key owns the life contract: warn (default) or refuse to start. */
    OPERATOR_OWNS_LIFE_CONTRACT: z.enum(['warn', 'refuse']).default('warn'),
  })
  .superRefine((env, ctx) => {
    for (const who of ['AUTHOR', 'TWIN'] as const) {
      if (env[`REPLIES_PER_${who}_PER_HOUR`] > env[`REPLIES_PER_${who}_PER_DAY`]) {
        ctx.addIssue({
          code: 'custom',
          path: [`REPLIES_PER_${who}_PER_HOUR`],
          message: `must not be more than REPLIES_PER_${who}_PER_DAY`,
        });
      }
    }
    if (env.FARTWIN_MODE !== 'production') {
      if (env.ALLOW_EXPOSED_LOCAL_MODE) return;
      const exposed =
        'local mode uses public development keys: keep it on this machine, or set ALLOW_EXPOSED_LOCAL_MODE=true for a test setup';
      if (!isLoopbackHost(env.HOST))
        ctx.addIssue({ code: 'custom', path: ['HOST'], message: `must be a loopback address (${exposed})` });
      if (env.PUBLIC_URL && !isLoopbackHost(new URL(env.PUBLIC_URL).hostname)) {
        ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: `must be a localhost URL (${exposed})` });
      }
      return;
    }
    const required = [
      'PUBLIC_URL',
      'DATABASE_URL',
      'CHAIN_RPC_URL',
      'USDC_ADDRESS',
      'FARTWIN_LIFE_ADDRESS',
      'OPERATOR_PRIVATE_KEY',
      'WALLET_ENCRYPTION_KEY',
      'NEYNAR_API_KEY',
      'NEYNAR_WALLET_ID',
      'ACCOUNT_ASSOCIATION',
      'WALLET_SESSION_SECRET',
    ] as const;
    for (const name of required) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required in production mode' });
    }
    // The route checks deliveries, the ids keep the filters: one without the other leaves twins deaf.
    if (env.NEYNAR_WEBHOOK_SECRET && !env.NEYNAR_WEBHOOK_IDS) {
      ctx.addIssue({
        code: 'custom',
        path: ['NEYNAR_WEBHOOK_IDS'],
        message: 'is required with NEYNAR_WEBHOOK_SECRET: the webhooks whose filters list the twins',
      });
    }
    if (env.NEYNAR_WEBHOOK_IDS && !env.NEYNAR_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['NEYNAR_WEBHOOK_SECRET'],
        message: 'is required with NEYNAR_WEBHOOK_IDS: without it the webhooks’ deliveries have no route',
      });
    }
    if (env.PUBLIC_URL && !env.PUBLIC_URL.startsWith('https://')) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'must be an https URL in production mode' });
    }
    const operatorKey = env.OPERATOR_PRIVATE_KEY?.toLowerCase();
    if (
      operatorKey &&
      Array.from({ length: PUBLIC_DEV_ACCOUNTS }, (_, index) => devKey(index)).includes(operatorKey as `0x${string}`)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['OPERATOR_PRIVATE_KEY'],
        message: 'is a public development key: use a key of your own',
      });
    }
    if (env.WALLET_ENCRYPTION_KEY?.toLowerCase() === LOCAL_WALLET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['WALLET_ENCRYPTION_KEY'],
        message: 'is the public local key: generate one of your own',
      });
    }
    if (env.BASE_NOTIFICATIONS_API_KEY === LOCAL_BASE_NOTIFICATIONS_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['BASE_NOTIFICATIONS_API_KEY'],
        message: "is the dev host's public key: use the key of your Base Dashboard project",
      });
    }
    if (env.WALLET_SESSION_SECRET === LOCAL_WALLET_SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['WALLET_SESSION_SECRET'],
        message: 'is the public local secret: generate one of your own',
      });
    }
  });

export type ServerConfig = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof envSchema>) {
  const local = env.FARTWIN_MODE === 'local';
  // Locally the dev host moves chain time forward and expects the warning within seconds.
  const lifeWatchIntervalSeconds = env.LIFE_WATCH_INTERVAL_SECONDS ?? (local ? 5 : 60);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return {
    mode: env.FARTWIN_MODE,
    role: env.FARTWIN_ROLE,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    logLevel: env.LOG_LEVEL,
    databaseUrl: env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:54329/fartwin',
    chain: {
      rpcUrl: env.CHAIN_RPC_URL ?? 'http://127.0.0.1:8545',
      /** What browsers get: locally the same anvil; in production Base's public endpoint unless set. */
      publicRpcUrl:
        env.PUBLIC_RPC_URL ?? (local ? (env.CHAIN_RPC_URL ?? 'http://127.0.0.1:8545') : BASE_PUBLIC_RPC_URL),
      deploymentFile: local ? env.DEPLOYMENT_FILE : undefined,
      usdcAddress: env.USDC_ADDRESS,
      fartwinLifeAddress: env.FARTWIN_LIFE_ADDRESS,
      quoterAddress: env.QUOTER_ADDRESS,
      /** The builder code's ERC-8021 suffix (chain/builder-code.ts); null without a code. */
      builderCodeSuffix: builderCodeSuffix(env.BUILDER_CODE ?? (local ? LOCAL_BUILDER_CODE : undefined)),
    },
    operatorPrivateKey: (env.OPERATOR_PRIVATE_KEY ?? localOperatorKey()) as `0x${string}`,
    walletEncryptionKey: (env.WALLET_ENCRYPTION_KEY ?? LOCAL_WALLET_KEY) as `0x${string}`,
    /** Web mode's sessions (auth/wallet-sessions.ts). */
    walletSession: {
      secret: env.WALLET_SESSION_SECRET ?? LOCAL_WALLET_SESSION_SECRET,
      ttlSeconds: env.WALLET_SESSION_TTL_SECONDS,
    },
    neynarApiKey: env.NEYNAR_API_KEY,
    neynarWalletId: env.NEYNAR_WALLET_ID,
    /** The webhook's secrets (one per webhook); none: no webhook route. */
    neynarWebhookSecrets: env.NEYNAR_WEBHOOK_SECRET ?? [],
    neynarWebhook: {
      ids: env.NEYNAR_WEBHOOK_IDS ?? [],
      maxFids: env.NEYNAR_WEBHOOK_MAX_FIDS,
      syncSeconds: env.NEYNAR_WEBHOOK_SYNC_SECONDS,
    },
    accountAssociation: env.ACCOUNT_ASSOCIATION,
    /** The production domain; the manifest's canonicalDomain (a domain has no port). */
    canonicalDomain: env.CANONICAL_DOMAIN ?? new URL(publicUrl).hostname,
    baseBuilderOwnerAddress: env.BASE_BUILDER_OWNER_ADDRESS,
    /** Base's Notifications API; undefined: owners signed in by wallet get no notices that way. */
    baseNotifications:
      env.BASE_NOTIFICATIONS_API_KEY || local
        ? {
            apiUrl: (
              env.BASE_NOTIFICATIONS_API_URL ?? (local ? LOCAL_BASE_NOTIFICATIONS_API_URL : BASE_NOTIFICATIONS_API_URL)
            ).replace(/\/$/, ''),
            apiKey: env.BASE_NOTIFICATIONS_API_KEY ?? LOCAL_BASE_NOTIFICATIONS_API_KEY,
            appUrl: env.BASE_APP_URL ?? publicUrl,
          }
        : undefined,
    llm:
      env.LLM_BASE_URL && env.LLM_MODEL
        ? {
            baseUrl: env.LLM_BASE_URL,
            apiKey: env.LLM_API_KEY,
            model: env.LLM_MODEL,
            recallTokens: env.LLM_RECALL_TOKENS,
          }
        : undefined,
    miniappDist: env.MINIAPP_DIST,
    lifeWatchIntervalSeconds,
    feeKeeper: {
      intervalSeconds: env.FEE_KEEPER_INTERVAL_SECONDS ?? (local ? 5 : 300),
      limits: {
        dueSeconds: env.FEE_KEEPER_DUE_SECONDS,
        maxSwapWei: env.FEE_KEEPER_MAX_SWAP_WEI,
        gasReserveWei: env.FEE_KEEPER_GAS_RESERVE_WEI,
        gasAdvanceWei: env.FEE_KEEPER_GAS_ADVANCE_WEI,
      },
    },
    trustProxyHops: env.TRUST_PROXY_HOPS,
    requestBudgetMs: env.REQUEST_BUDGET_SECONDS * 1000,
    directoryCacheMs: env.DIRECTORY_CACHE_MS,
    lifeIndex: {
      blockRange: env.LIFE_INDEX_BLOCK_RANGE,
      // Base reorgs are rare and shallow; the local chain has none.
      confirmations: env.LIFE_INDEX_CONFIRMATIONS ?? (local ? 0 : 5),
    },
    operatorOwnsLifeContract: env.OPERATOR_OWNS_LIFE_CONTRACT,
    health: { token: env.HEALTH_TOKEN, cacheMs: env.HEALTH_CACHE_MS },
    chatBudget: { totalMs: env.CHAT_BUDGET_SECONDS * 1000, stallMs: env.CHAT_STALL_SECONDS * 1000 },
    maxDeploysPerDay: env.MAX_DEPLOYS_PER_DAY,
    twinWallet: {
      withdrawUsdcPerDay: env.TWIN_WITHDRAW_USDC_PER_DAY,
      withdrawEthPerDayWei: env.TWIN_WITHDRAW_ETH_PER_DAY,
      withdrawTokenPerDayBps: env.TWIN_WITHDRAW_TOKEN_PER_DAY_BPS,
      gasReserveEth: env.TWIN_WALLET_GAS_RESERVE_ETH,
      chainBudgetMs: env.TWIN_WALLET_CHAIN_BUDGET_MS,
    },
    /** Revival with only USDC (relay/): the operator's caps on the gas it pays. */
    batteryRelay: {
      perPayerPerDay: env.RELAY_PER_PAYER_PER_DAY,
      perDay: env.RELAY_PER_DAY,
      minOperatorWei: env.RELAY_MIN_OPERATOR_ETH,
      contractWallets: env.RELAY_CONTRACT_WALLETS,
    },
    replyRules: {
      perAuthor: { hour: env.REPLIES_PER_AUTHOR_PER_HOUR, day: env.REPLIES_PER_AUTHOR_PER_DAY },
      perTwin: { hour: env.REPLIES_PER_TWIN_PER_HOUR, day: env.REPLIES_PER_TWIN_PER_DAY },
      minUserScore: env.REPLY_MIN_USER_SCORE,
    },
    /** How many of its owner's casts a twin remembers at most (twin-mind/cast-memory-store.ts). */
    memoryCasts: env.TWIN_MEMORY_CASTS,
    /** Hosts besides the app's own that a twin's text may link to (twin-actions/output-policy.ts). */
    twinLinkHosts: env.TWIN_LINK_HOSTS,
    /**
     * The life index (run by the life watch) counts as behind after three missed ticks: it can no
     * longer prove a death, and /health/ready reports it.
     */
    lifeIndexStaleSeconds: 3 * lifeWatchIntervalSeconds,
  };
}

/** Thrown with one line per bad variable, each naming it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  return toConfig(parsed.data);
}
