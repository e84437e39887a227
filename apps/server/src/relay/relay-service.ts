import {
  batteryAuthorizationCall,
  batteryAuthorizationNonce,
  batteryAuthorizationTypedData,
  usdcAbi,
} from '@fartwin/contracts';
import { BATTERY_PRICE_USDC, type BatteryRelayInput, type BatteryRelayResponse } from '@fartwin/protocol';
import type { Logger } from 'pino';
import {
  BaseError,
  ContractFunctionRevertedError,
  encodeFunctionData,
  formatEther,
  isAddressEqual,
  type LocalAccount,
  type PublicClient,
} from 'viem';
import type { ContractAddresses } from '../platform/chain/contracts.ts';
import type { OperatorWallet } from '../platform/chain/operator.ts';
import { sendSigned } from '../platform/chain/signed-transactions.ts';
import { LockWaitTimeout } from '../platform/db/advisory-locks.ts';
import type { Db } from '../platform/db/database.ts';
import { HttpError } from '../platform/http/errors.ts';
import { withinBudget } from '../platform/limits/time-budget.ts';
import { dropUnsigned, type OutboxSettlements, signIntent } from '../platform/outbox/index.ts';
import { findTwin } from '../twins/index.ts';
import {
  claimRelay,
  findRelay,
  type RelayAsker,
  type RelayCapReached,
  type RelayCaps,
  type RelayKey,
  relayCapReached,
} from './relay-store.ts';

/** Refusals that mean the authorization is spent: perhaps by another attempt at the same signature. */
const SPENT_BY_ANOTHER_ATTEMPT = new Set(['authorization_used', 'payment_would_fail']);

/** Every refusal ends with it: the signed revival is one way among others. */
export const OTHER_WAYS = 'You can still revive the twin by paying from your wallet (it needs a little ETH for gas).';

/** Each chain call's time budget (the RPC client retries within it). */
const RPC_BUDGET_MS = 5_000;

/** Seconds a payer is asked to wait while pending relays could fill the day's cap (their receipts come within a block or two). */
const PENDING_RETRY_AFTER_SECONDS = 30;

/** Time a signature must have left when it reaches the server, so the transaction can be mined in it. */
const MIN_SECONDS_LEFT = 30n;

export interface BatteryRelayCaps extends RelayCaps {
  /** The operator's ETH below which nothing is relayed. */
  minOperatorWei: bigint;
  /** Whether payers with code at their address (contract wallets) are relayed; off unless the operator allows them. */
  contractWallets: boolean;
}

export interface BatteryRelayDeps {
  db: Db;
  chain: PublicClient;
  operator: OperatorWallet;
  contracts: () => ContractAddresses | null;
  caps: BatteryRelayCaps;
  logger: Logger;
  /** Where a sent relay is handed on, for its outcome to be recorded (the outbox's job). */
  settlements: OutboxSettlements;
}

export interface BatteryRelay {
  /**
   * Checks the signed battery, claims it within the caps and sends it; answers the transaction's
   * hash. `clientIp`: the asker's address, when known (a relay that reverts bars it for the day).
   */
  relay(agentId: string, input: BatteryRelayInput, clientIp?: string | null): Promise<BatteryRelayResponse>;
}

/** Nothing was claimed or signed: the same signature can simply be sent again. */
const relayerBusy = () =>
  new HttpError(
    409,
    'relayer_busy',
    'Fartwin is sending other signed revivals right now. Send yours again in a few seconds: nothing was paid.',
  );

const refuse = (status: 400 | 404 | 409 | 429 | 502 | 503 | 504, code: string, reason: string) =>
  new HttpError(status, code, `${reason} ${OTHER_WAYS}`);

/** The revert reason of a failed simulation, for the person (the contract's or USDC's words). */
function revertReason(error: unknown): string | null {
  if (!(error instanceof BaseError)) return null;
  const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
  if (!(reverted instanceof ContractFunctionRevertedError)) return null;
  return reverted.reason ?? reverted.data?.errorName ?? null;
}

/**
 * Revival with only USDC: the operator relays a payer's signed EIP-3009 battery to
 * FartwinLife.extendLifeWithAuthorization and pays its gas, within the caps. Exactly once per
 * authorization: the row (payer, nonce) is claimed, then the signed transaction is stored, and
 * only then sent; a retry or another replica finds the row and sends the same transaction again
 * (a no-op on the chain) or nothing.
 */
export function batteryRelay(deps: BatteryRelayDeps): BatteryRelay {
  const { db, chain, operator, caps, logger } = deps;
  const budget = <T>(work: Promise<T>, what: string) =>
    withinBudget(work, RPC_BUDGET_MS, what).catch((error: unknown) => {
      logger.warn({ err: error }, `battery relay: ${what} failed`);
      throw refuse(503, 'chain_unavailable', 'Fartwin cannot reach the chain right now.');
    });

  /** Sends the stored transaction again: the same hash, so at most one lands. */
  const capRefusal = (cap: RelayCapReached) => {
    switch (cap) {
      case 'reverted_today':
        return refuse(
          429,
          'relay_reverted_today',
          'A signed revival from this wallet or network failed on the chain today after Fartwin paid its gas; Fartwin relays no more of them for it until tomorrow.',
        );
      case 'payer_cap':
        return refuse(
          429,
          'payer_daily_limit',
          `Fartwin pays the gas of ${caps.perPayerPerDay} signed revivals per wallet a day, and this wallet has had them.`,
        );
      case 'daily_cap':
        return refuse(503, 'daily_relay_limit', 'Fartwin has paid the gas of as many signed revivals as it can today.');
      case 'daily_cap_pending':
        // Nothing claimed: the same signature may be sent again once the pending relays settle.
        return new HttpError(
          503,
          'relays_pending',
          `Fartwin is waiting for the day's last signed revivals to land on the chain. Send yours again in a minute: nothing was paid. ${OTHER_WAYS}`,
          { 'retry-after': String(PENDING_RETRY_AFTER_SECONDS) },
        );
    }
  };

  const rebroadcast = async (rawTx: `0x${string}`) => {
    await sendSigned(chain, rawTx, RPC_BUDGET_MS).catch(
      // Mined or replaced: the chain decided on it (its settlement records which).
      (error: unknown) => logger.debug({ err: error }, 'battery relay: resend not accepted'),
    );
  };

  const answerExisting = async (
    agentId: string,
    key: RelayKey,
    existing: { txHash: string | null; rawTx: string | null },
  ): Promise<BatteryRelayResponse> => {
    if (!existing.txHash || !existing.rawTx) {
      throw new HttpError(
        409,
        'relay_in_progress',
        'This signed revival is being sent already. Wait a moment and look at the twin again.',
      );
    }
    await rebroadcast(existing.rawTx as `0x${string}`);
    return { agentId, payer: key.payer, txHash: existing.txHash };
  };

  return {
    async relay(agentId, input, clientIp = null) {
      const key: RelayKey = { payer: input.from, nonce: input.nonce };
      try {
        return await checkAndSend(agentId, input, key, { payer: input.from, clientIp });
      } catch (error) {
        // Another attempt at the same signature (a retry, another replica) may have claimed and sent
        // it while this one checked: the chain then says the authorization is used. That attempt's
        // transaction is the answer, not a refusal.
        if (error instanceof HttpError && SPENT_BY_ANOTHER_ATTEMPT.has(error.code)) {
          const other = await findRelay(db, key);
          if (other) return answerExisting(agentId, key, other);
        }
        throw error;
      }
    },
  };

  async function checkAndSend(
    agentId: string,
    input: BatteryRelayInput,
    key: RelayKey,
    asker: RelayAsker,
  ): Promise<BatteryRelayResponse> {
    const contracts = deps.contracts();
    if (!contracts) throw refuse(503, 'relay_unavailable', 'Signed revivals are not available right now.');
    if (!(await findTwin(db, agentId))) throw new HttpError(404, 'unknown_agent', `No agent with id ${agentId}`);

    // What the signature must say, before any chain call.
    if (!isAddressEqual(input.to, contracts.fartwinLife)) {
      throw refuse(400, 'wrong_recipient', 'The signature must pay the life contract.');
    }
    if (input.value !== BATTERY_PRICE_USDC) {
      throw refuse(400, 'wrong_amount', 'The signature must be for exactly 1 USDC, one battery.');
    }
    if (input.nonce !== batteryAuthorizationNonce(agentId, input.minA0xOut, input.salt)) {
      throw refuse(400, 'wrong_agent', 'The signature is not for this twin with this minimum.');
    }
    // A retry of a relay already sent: the same transaction, no new checks or caps.
    const earlier = await findRelay(db, key);
    if (earlier) return answerExisting(agentId, key, earlier);
    // A cap already reached is refused before the chain calls below (the claim counts again).
    const reached = await relayCapReached(db, asker, caps);
    if (reached) throw capRefusal(reached);

    const [block, chainId] = await budget(Promise.all([chain.getBlock(), chain.getChainId()]), 'read the chain');
    if (input.validAfter >= block.timestamp) {
      throw refuse(400, 'not_yet_valid', 'The signature is not valid yet.');
    }
    if (input.validBefore <= block.timestamp + MIN_SECONDS_LEFT) {
      throw refuse(400, 'signature_expired', 'The signature has expired. Sign again to try once more.');
    }
    const typedData = batteryAuthorizationTypedData({
      chainId,
      usdc: contracts.usdc,
      fartwinLife: contracts.fartwinLife,
      from: input.from,
      agentId,
      minA0xOut: input.minA0xOut,
      salt: input.salt,
      validAfter: input.validAfter,
      validBefore: input.validBefore,
    });
    const [code, signed, used, usdc, eth] = await budget(
      Promise.all([
        chain.getCode({ address: input.from }),
        // Also contract wallets' signatures (ERC-1271/6492), which need a call.
        chain.verifyTypedData({ ...typedData, address: input.from, signature: input.signature }),
        chain.readContract({
          address: contracts.usdc,
          abi: usdcAbi,
          functionName: 'authorizationState',
          args: [input.from, input.nonce],
        }),
        chain.readContract({ address: contracts.usdc, abi: usdcAbi, functionName: 'balanceOf', args: [input.from] }),
        chain.getBalance({ address: operator.account.address }),
      ]),
      'check the signature',
    );
    // A contract wallet's signature (ERC-1271) may hold when checked and fail once mined, at the operator's gas.
    if (code && code !== '0x' && !caps.contractWallets) {
      throw refuse(
        400,
        'contract_wallet',
        'Signed revivals are relayed for plain wallets only, and this is a contract wallet.',
      );
    }
    if (!signed) throw refuse(400, 'invalid_signature', `The signature is not ${input.from}'s.`);
    if (used) throw refuse(409, 'authorization_used', 'This signature has been used or cancelled already.');
    if (usdc < BATTERY_PRICE_USDC) throw refuse(400, 'insufficient_usdc', 'The wallet holds less than 1 USDC.');
    if (eth < caps.minOperatorWei) {
      logger.warn({ eth: formatEther(eth) }, 'battery relay: the operator is below its ETH floor');
      throw refuse(503, 'relayer_out_of_gas', 'Fartwin cannot pay the gas of signed revivals right now.');
    }
    // The swap's minimum is the payer's, signed into the nonce: the relayer passes it as it is.
    const call = batteryAuthorizationCall(contracts.fartwinLife, agentId, {
      from: input.from,
      validAfter: input.validAfter,
      validBefore: input.validBefore,
      minA0xOut: input.minA0xOut,
      salt: input.salt,
      signature: input.signature,
    });
    const gas = await withinBudget(
      chain.estimateContractGas({ ...call, account: operator.account }),
      RPC_BUDGET_MS,
      'simulate the revival',
    ).catch((error: unknown) => {
      const reason = revertReason(error);
      if (reason) throw refuse(400, 'payment_would_fail', `The payment would fail on the chain (${reason}).`);
      logger.warn({ err: error }, 'battery relay: simulation failed');
      throw refuse(503, 'chain_unavailable', 'Fartwin cannot reach the chain right now.');
    });

    const intent = {
      agentId,
      operator: operator.account.address,
      call: { to: call.address, data: encodeFunctionData(call) },
    };
    const claimed = await claimRelay(db, key, intent, asker, caps).catch((error: unknown) => {
      if (error instanceof LockWaitTimeout) throw relayerBusy();
      throw error;
    });
    if (claimed.kind === 'existing') return answerExisting(agentId, key, claimed);
    if (claimed.kind !== 'claimed') throw capRefusal(claimed.kind);
    return sendClaimed(agentId, key, claimed.id, gas);
  }

  /**
   * Signs (the outbox: the operator's next nonce from its signer row, shared with deploys and the
   * keeper's gas advances, the bytes stored before they are sent), then sends; gives the claim back
   * when nothing can have been sent. No lock is taken around it: the signer's row is held for the
   * signing's few queries only, and a request that finds it held past its short wait answers "busy".
   */
  async function sendClaimed(agentId: string, key: RelayKey, id: number, gas: bigint): Promise<BatteryRelayResponse> {
    let row: Awaited<ReturnType<typeof signIntent>>;
    try {
      row = await signIntent({ db, chain }, id, operator.account as LocalAccount, {
        budgetMs: RPC_BUDGET_MS,
        gas,
        gasHeadroom: true,
      });
    } catch (error) {
      // Nothing was signed: the claim goes back, and the same signature may be sent again.
      await dropUnsigned(db, id);
      if (error instanceof LockWaitTimeout) throw relayerBusy();
      // Abandoned and claimed again meanwhile (its row gone): the newer attempt sends it.
      const now = await findRelay(db, key);
      if (now) return answerExisting(agentId, key, now);
      logger.warn({ err: error }, 'battery relay: could not prepare the transaction');
      throw refuse(503, 'chain_unavailable', 'Fartwin cannot reach the chain right now.');
    }
    if (row.status !== 'sent' || !row.raw_tx || !row.tx_hash) {
      // Past its time before it was signed: nothing was sent, and the same signature may be sent again.
      await dropUnsigned(db, id);
      return answerExisting(agentId, key, { txHash: null, rawTx: null });
    }
    const txHash = row.tx_hash as `0x${string}`;
    try {
      await sendSigned(chain, row.raw_tx as `0x${string}`, RPC_BUDGET_MS);
    } catch (error) {
      // Recorded: a retry (or the outbox's sweep) sends the very same transaction, so none is lost and none doubled.
      logger.warn({ err: error, txHash }, 'battery relay: sending failed; a retry resends it');
      throw new HttpError(
        504,
        'relay_not_sent',
        'Fartwin could not send your signed revival yet. Try again: it sends the same payment, never a second one.',
      );
    }
    logger.info({ agentId, payer: key.payer, txHash }, 'battery relay: sent');
    // Its outcome is read in the background: a revert frees the day's cap and bars the asker.
    await deps.settlements.enqueue(id);
    return { agentId, payer: key.payer, txHash };
  }
}
