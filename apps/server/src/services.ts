import type { VerifyAppKey } from '@farcaster/miniapp-node';
import type { PublicClient } from 'viem';
import {
  ACCOUNT_LOOKUP_BUDGET_MS,
  appDomain,
  farcasterTokenVerifier,
  LocalQuickAuth,
  quickAuthOrWalletSession,
  rememberVerifiedTokens,
  type TokenVerifier,
  type WalletSessions,
  walletSessionRevocations,
  walletSessions,
} from './auth/index.ts';
import type { FeeLocker } from './economy/index.ts';
import { clankerFeeLocker, localFeeLocker } from './economy/index.ts';
import { hubAppKeyVerifier, localAppKeyVerifier } from './notify/index.ts';
import { clankerTokenLauncher } from './platform/chain/clanker-token-launcher.ts';
import { type ContractAddresses, contractsResolver } from './platform/chain/contracts.ts';
import { chainLifeReader, type LifeReader } from './platform/chain/life.ts';
import { indexedLives, type Lives } from './platform/chain/lives.ts';
import { localTokenLauncher } from './platform/chain/local-token-launcher.ts';
import { type OperatorWallet, operatorWallet } from './platform/chain/operator.ts';
import type { TokenLauncher } from './platform/chain/token-launcher.ts';
import type { ServerConfig } from './platform/config/config.ts';
import type { Db } from './platform/db/database.ts';
import {
  type AccountsByAddress,
  localAccountsByAddress,
  neynarAccountsByAddress,
} from './platform/providers/accounts-by-address.ts';
import { type CastWebhooks, localCastWebhooks } from './platform/providers/cast-webhooks.ts';
import { type DirectMessages, unavailableDirectMessages } from './platform/providers/direct-messages.ts';
import type { FarcasterActions } from './platform/providers/farcaster-actions.ts';
import type { FarcasterData } from './platform/providers/farcaster-data.ts';
import { neynarCastWebhooks } from './platform/providers/neynar-cast-webhooks.ts';
import { neynarFarcasterActions } from './platform/providers/neynar-farcaster-actions.ts';
import { neynarFarcasterData } from './platform/providers/neynar-farcaster-data.ts';
import { localDirectMessages, localFarcasterActions, localFarcasterData } from './social/index.ts';
import { type ChatEngine, echoEngine, llmEngine } from './twin-mind/index.ts';

/** How long a chat or a job waits for the contract to confirm a death the index reports. */
const LIFE_CHAIN_BUDGET_MS = 1_500;

/** Everything that differs between local and production mode, chosen once at start-up. */
export interface Services {
  farcaster: FarcasterData;
  /** Creates twins' accounts and publishes their casts. */
  farcasterActions: FarcasterActions;
  /** The webhooks' filters that bring casts tagging twins: Neynar's (when configured), nothing locally. */
  castWebhooks: CastWebhooks;
  tokenLauncher: TokenLauncher;
  /** Where twins' trading fees wait: the local AgentLpLocker, or Clanker v4's fee locker on Base. */
  feeLocker: FeeLocker;
  /** Pays twins' tokens (gas) and first batteries. */
  operator: OperatorWallet;
  chatEngine: ChatEngine;
  /** Checks bearer tokens: Quick Auth's and web mode's wallet sessions alike. */
  tokens: TokenVerifier;
  /** Web mode's sessions, issued after a wallet sign-in. */
  walletSessions: WalletSessions;
  /** The Farcaster account a signed-in wallet acts as: the local network's, or Neynar's lookup. */
  walletAccounts: AccountsByAddress;
  /** The contract addresses; null until the local chain is bootstrapped. */
  contracts: () => ContractAddresses | null;
  /** Lives read from the contract: the indexer's backfill and the deploy pipeline. */
  life: LifeReader;
  /** Lives for request paths and jobs, from the index (platform/chain/lives.ts). */
  lives: Lives;
  /** Local mode only: the Quick Auth server the mini-app signs in with. */
  localQuickAuth: LocalQuickAuth | null;
  /** Checks the app keys clients sign webhook events with: on the hubs, or the local network's. */
  verifyAppKey: VerifyAppKey;
  /** Twins' direct messages: the local network's; unavailable in production. */
  directMessages: DirectMessages;
}

export function createServices(
  deps: { config: ServerConfig; db: Db; chain: PublicClient },
  overrides: Partial<Services> = {},
): Services {
  const { config, db, chain } = deps;
  const production = config.mode === 'production';
  // Production config always has the key (config.ts); without it, the local network stands in.
  const neynar =
    production && config.neynarApiKey
      ? { apiKey: config.neynarApiKey, ...(config.neynarWalletId ? { walletId: config.neynarWalletId } : {}) }
      : null;
  const farcaster = overrides.farcaster ?? (neynar ? neynarFarcasterData(neynar) : localFarcasterData(db));
  const domain = appDomain(config.publicUrl);
  const localQuickAuth =
    config.mode === 'local'
      ? new LocalQuickAuth({ db, farcaster, origin: config.publicUrl, domain, keySeed: config.walletEncryptionKey })
      : null;
  const sessions =
    overrides.walletSessions ??
    walletSessions({
      origin: config.publicUrl,
      domain,
      ...config.walletSession,
      revocations: walletSessionRevocations(db),
    });
  const contracts = overrides.contracts ?? contractsResolver(config);
  const life = overrides.life ?? chainLifeReader(chain, contracts);
  const operator =
    overrides.operator ??
    operatorWallet(config.chain.rpcUrl, config.operatorPrivateKey, config.chain.builderCodeSuffix);
  return {
    farcaster,
    farcasterActions:
      overrides.farcasterActions ?? (neynar ? neynarFarcasterActions(neynar) : localFarcasterActions(db)),
    castWebhooks:
      overrides.castWebhooks ??
      (neynar && config.neynarWebhook.ids.length > 0
        ? neynarCastWebhooks({
            apiKey: neynar.apiKey,
            webhookIds: config.neynarWebhook.ids,
            maxFidsPerWebhook: config.neynarWebhook.maxFids,
          })
        : localCastWebhooks()),
    tokenLauncher:
      overrides.tokenLauncher ??
      (production
        ? clankerTokenLauncher({ publicClient: chain })
        : localTokenLauncher({ publicClient: chain, contracts })),
    feeLocker:
      overrides.feeLocker ??
      (production ? clankerFeeLocker({ publicClient: chain }) : localFeeLocker({ publicClient: chain, contracts })),
    operator,
    chatEngine: overrides.chatEngine ?? (config.llm ? llmEngine(config.llm) : echoEngine()),
    // Only Quick Auth's checks are remembered: a wallet session is looked up on every check, as it
    // may have been signed out on another replica.
    tokens: quickAuthOrWalletSession(
      rememberVerifiedTokens(overrides.tokens ?? localQuickAuth ?? farcasterTokenVerifier({ domain })),
      sessions,
    ),
    walletSessions: sessions,
    walletAccounts:
      overrides.walletAccounts ??
      (neynar
        ? neynarAccountsByAddress({ apiKey: neynar.apiKey, timeoutMs: ACCOUNT_LOOKUP_BUDGET_MS })
        : localAccountsByAddress(db)),
    contracts,
    life,
    lives:
      overrides.lives ??
      indexedLives({
        db,
        chain: life,
        staleAfterSeconds: config.lifeIndexStaleSeconds,
        chainBudgetMs: LIFE_CHAIN_BUDGET_MS,
      }),
    localQuickAuth: overrides.localQuickAuth ?? localQuickAuth,
    verifyAppKey: overrides.verifyAppKey ?? (neynar ? hubAppKeyVerifier(neynar.apiKey) : localAppKeyVerifier(db)),
    directMessages: overrides.directMessages ?? (production ? unavailableDirectMessages() : localDirectMessages(db)),
  };
}
