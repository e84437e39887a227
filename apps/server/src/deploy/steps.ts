import { randomBytes } from 'node:crypto';
import { payForBattery } from '@fartwin/contracts';
import { BATTERY_PRICE_USDC, type DeployStepName } from '@fartwin/protocol';
import { type Hex, type PublicClient, TransactionNotFoundError, TransactionReceiptNotFoundError, toHex } from 'viem';
import { followTwin } from '../cast-webhooks/index.ts';
import { twinPageUrl } from '../manifest/index.ts';
import type { ContractAddresses } from '../platform/chain/contracts.ts';
import type { LifeReader } from '../platform/chain/life.ts';
import type { OperatorWallet } from '../platform/chain/operator.ts';
import {
  type LaunchedToken,
  TokenAddressTaken,
  type TokenLauncher,
  type TokenLaunchRequest,
} from '../platform/chain/token-launcher.ts';
import type { Db } from '../platform/db/database.ts';
import { type OutboxSettlements, sendingThroughOutbox } from '../platform/outbox/index.ts';
import type { CastWebhooks } from '../platform/providers/cast-webhooks.ts';
import type { FarcasterActions } from '../platform/providers/farcaster-actions.ts';
import type { FarcasterData } from '../platform/providers/farcaster-data.ts';
import { type DeploymentOutputs, type DeploymentRecord, recordOutputs } from './deployment-store.ts';
import { tokenLaunchInfo, tokenSymbol, twinProfile, welcomeCastText } from './twin-identity.ts';
import { decryptTwinWallet, encryptPrivateKey, generateTwinWallet } from './wallet-keys.ts';

/** What the steps work with: chosen once at start-up (local network and chain, or Neynar, Clanker and Base). */
export interface DeployDeps {
  db: Db;
  farcaster: FarcasterData;
  farcasterActions: FarcasterActions;
  /** The webhooks that deliver casts tagging twins (production); nothing to do locally. */
  castWebhooks: CastWebhooks;
  tokenLauncher: TokenLauncher;
  publicClient: PublicClient;
  operator: OperatorWallet;
  /** Records the outcome of what the operator's wallet sent for a step (the outbox's settlement). */
  settlements: OutboxSettlements;
  contracts: () => ContractAddresses | null;
  life: LifeReader;
  walletEncryptionKey: Hex;
  /** Where the mini-app is: the welcome cast links to the twin's page. */
  publicUrl: string;
}

export interface DeployStep {
  name: DeployStepName;
  /** Shown in the mini-app while the step runs. */
  label: string;
  /** What "could not …" says when the step fails. */
  failure: string;
  /**
   * Does the step's work and returns what it made. Must be safe to run again after a crash between
   * doing the work and recording it: each step first looks for what an earlier attempt did.
   */
  run(deployment: DeploymentRecord, deps: DeployDeps): Promise<Partial<DeploymentOutputs>>;
}

/** An output an earlier step recorded; throws when it is missing. */
export function need<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`${what} is missing: an earlier step did not record it`);
  return value;
}

const twinWallet = (deployment: DeploymentRecord, deps: DeployDeps) =>
  decryptTwinWallet(
    need(deployment.walletKeyCiphertext, 'The wallet key'),
    need(deployment.walletAddress, 'The wallet address'),
    deps.walletEncryptionKey,
  );

/** How long a step's transaction may stay unsigned (a deploy job's own time: ten minutes). */
const DEPLOY_INTENT_SECONDS = 600;
/** Each chain call's time budget when the outbox signs and sends a step's transaction. */
const DEPLOY_CHAIN_BUDGET_MS = 15_000;

/**
 * The operator's wallet for one deployment's step: each transaction it sends is signed in the
 * outbox (outbox/wallet.ts) under the deployment and step, at the operator's next nonce from its
 * signer row, shared with relays and the keeper's gas advances with no lock around any of them. A
 * retry of the step, or a second replica, that sends the same call gets the transaction already
 * recorded, never a second one; the receipt is awaited by the step with nothing held.
 */
function operatorFor(deployment: DeploymentRecord, deps: DeployDeps, step: DeployStepName): OperatorWallet {
  return sendingThroughOutbox(
    { db: deps.db, chain: deps.publicClient, settlements: deps.settlements, budgetMs: DEPLOY_CHAIN_BUDGET_MS },
    deps.operator,
    {
      kind: 'operator',
      key: `deploy:${deployment.agentId}:${step}`,
      agentId: deployment.agentId,
      step,
      expiresInSeconds: DEPLOY_INTENT_SECONDS,
    },
  );
}

function lifeContracts(deps: DeployDeps): ContractAddresses {
  const contracts = deps.contracts();
  if (!contracts) throw new Error('The life contract address is not known yet: is the chain bootstrapped?');
  return contracts;
}

/**
 * The pipeline, in the order onboarding tells the user (wallet, social account, token, then the twin casts; the
 * first battery and the webhook filters are the service's own steps in between).
 */
export const deploySteps: readonly DeployStep[] = [
  {
    name: 'wallet',
    label: 'Create a wallet',
    failure: 'create the wallet',
    // Generated and stored (encrypted) in the one update that marks the step done: no orphan keys.
    async run(_deployment, deps) {
      const { privateKey, account } = generateTwinWallet();
      return {
        walletAddress: account.address,
        walletKeyCiphertext: encryptPrivateKey(privateKey, account.address, deps.walletEncryptionKey),
      };
    },
  },
  {
    name: 'social-account',
    label: 'Create a social account',
    failure: 'create the social account',
    async run(deployment, deps) {
      const owner = await deps.farcaster.getUser(deployment.ownerFid);
      if (!owner) throw new Error(`No Farcaster user with fid ${deployment.ownerFid}`);
      const profile = twinProfile(owner);
      const account = await deps.farcasterActions.createAccount({ ...profile, custody: twinWallet(deployment, deps) });
      return {
        twinFid: account.fid,
        twinUsername: account.username,
        twinDisplayName: profile.displayName,
        twinPfpUrl: profile.pfpUrl,
        twinSignerId: account.signerId,
      };
    },
  },
  {
    name: 'token',
    label: 'Deploy a token',
    failure: 'deploy the token',
    async run(deployment, deps) {
      const symbol = tokenSymbol(deployment.character.username);
      // An earlier attempt's deploy that may still land (its receipt wait failed, or the process
      // stopped after the broadcast): never a second one while it is pending. Once mined, the
      // launch below finds its token; dropped or reverted, it deploys again.
      const earlier = deployment.tokenTxHash
        ? await transactionOutcome(deps.publicClient, deployment.tokenTxHash)
        : null;
      if (earlier === 'pending') {
        throw new Error(`The token's deploy ${deployment.tokenTxHash} is not mined yet; the deploy goes on once it is`);
      }
      // Signed through the outbox (no lock held while the receipt is awaited); the hash is recorded
      // on the deployment in between.
      const sending = {
        wallet: operatorFor(deployment, deps, 'token'),
        onSent: (hash: `0x${string}`) => recordOutputs(deps.db, deployment.ownerFid, { tokenTxHash: hash }),
      };
      type LaunchInputs = Pick<TokenLaunchRequest, 'salt' | 'info'>;
      const launch = ({ salt, info }: LaunchInputs) =>
        deps.tokenLauncher.launch(
          {
            name: `${deployment.character.displayName || deployment.character.username} Twin`,
            symbol,
            owner: need(deployment.walletAddress, 'The wallet address'),
            salt,
            info,
          },
          sending,
        );
      // Stored before sending, salt and info together (both CREATE2 inputs): a retry after a crash
      // looks for its token at the same address.
      const newInputs = async (): Promise<LaunchInputs> => {
        const inputs = {
          salt: toHex(randomBytes(32)),
          info: tokenLaunchInfo({
            ownerFid: deployment.ownerFid,
            ownerUsername: deployment.character.username,
            twinUsername: need(deployment.twinUsername, 'The twin’s username'),
            twinPfpUrl: deployment.twinPfpUrl,
            welcomeCastHash: deployment.welcomeCastHash,
          }),
        };
        await recordOutputs(deps.db, deployment.ownerFid, { tokenSalt: inputs.salt, tokenLaunchInfo: inputs.info });
        return inputs;
      };
      // A salt stored without info is a launch begun before tokens carried it: sent as it was then.
      let inputs = deployment.tokenSalt
        ? { salt: deployment.tokenSalt, info: deployment.tokenLaunchInfo }
        : await newInputs();
      let token: LaunchedToken;
      try {
        token = await launch(inputs);
      } catch (error) {
        // Someone else's token sits at that address: take a fresh address rather than theirs.
        if (!(error instanceof TokenAddressTaken)) throw error;
        inputs = await newInputs();
        token = await launch(inputs);
      }
      return {
        tokenAddress: token.address,
        tokenSymbol: symbol,
        // Found rather than sent: the earlier attempt's transaction created it.
        tokenTxHash: token.txHash ?? (earlier === 'succeeded' ? deployment.tokenTxHash : null),
        tokenSalt: inputs.salt,
        tokenLaunchInfo: inputs.info,
      };
    },
  },
  {
    name: 'first-battery',
    label: 'Install the first battery (7 days)',
    failure: 'install the first battery',
    async run(deployment, deps) {
      const contracts = lifeContracts(deps);
      // One deploy per owner runs at a time (the deployment's lock); the operator's transactions are
      // signed through the outbox, with nothing held while their receipts are awaited.
      // Already fed (an earlier attempt paid, then crashed before recording it): never pay twice.
      const expiries = await deps.life.expirations([deployment.agentId]);
      if (expiries.get(deployment.agentId)! > 0) return { batteryTxHash: deployment.batteryTxHash };
      // An earlier attempt's payment that may still land (its receipt wait failed): never a second one.
      if (deployment.batteryTxHash) {
        const outcome = await transactionOutcome(deps.publicClient, deployment.batteryTxHash);
        if (outcome === 'pending') {
          throw new Error(
            `The first battery's payment ${deployment.batteryTxHash} is not mined yet; the deploy goes on once it is`,
          );
        }
        if (outcome === 'succeeded') return { batteryTxHash: deployment.batteryTxHash };
      }
      // The two-argument extendLife: the operator pays its own USDC under the floor it set as
      // the contract's owner, so a quote would add a read and a failure mode to every deploy
      // and protect nobody else.
      const { receipt } = await payForBattery(
        deps.publicClient,
        operatorFor(deployment, deps, 'first-battery'),
        contracts,
        deployment.agentId,
        BATTERY_PRICE_USDC,
        {
          // Recorded before its receipt is awaited.
          onSent: (hash) => recordOutputs(deps.db, deployment.ownerFid, { batteryTxHash: hash }),
          // Deploys pay side by side from the operator's account: one's approval must not be another's.
          approval: 'standing',
        },
      );
      return { batteryTxHash: receipt.transactionHash };
    },
  },
  {
    // Before the welcome cast, so that replies to it reach the twin too.
    name: 'listen-for-tags',
    label: 'Listen for tags on Farcaster',
    failure: 'subscribe the twin to casts that tag it',
    async run(deployment, deps) {
      await followTwin(deps, need(deployment.twinFid, 'The twin’s fid'));
      return {};
    },
  },
  {
    name: 'welcome-cast',
    label: 'Cast a welcome',
    failure: 'publish the welcome cast',
    async run(deployment, deps) {
      const twinUsername = need(deployment.twinUsername, 'The twin’s username');
      const { hash } = await deps.farcasterActions.publishCast({
        account: { fid: need(deployment.twinFid, 'The twin’s fid'), signerId: deployment.twinSignerId },
        text: welcomeCastText(
          { username: twinUsername },
          { username: deployment.character.username },
          need(deployment.tokenSymbol, 'The token symbol'),
        ),
        embeds: [twinPageUrl(deps.publicUrl, deployment.agentId)],
        idempotencyKey: `welcome-${deployment.agentId}`,
      });
      return { welcomeCastHash: hash };
    },
  },
];

/**
 * What became of a transaction sent earlier (a payment, a token's deploy): mined (succeeded or
 * reverted), still pending, or gone from the node (dropped, never to be mined): only a reverted or
 * dropped one allows sending it again.
 */
async function transactionOutcome(
  client: PublicClient,
  hash: `0x${string}`,
): Promise<'succeeded' | 'reverted' | 'pending' | 'dropped'> {
  try {
    const receipt = await client.getTransactionReceipt({ hash });
    return receipt.status === 'success' ? 'succeeded' : 'reverted';
  } catch (error) {
    if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
  }
  try {
    await client.getTransaction({ hash });
    return 'pending';
  } catch (error) {
    if (error instanceof TransactionNotFoundError) return 'dropped';
    throw error;
  }
}
