import {
  type TwinWalletResponse,
  USDC_DECIMALS,
  WALLET_TRANSACTIONS_LISTED,
  type WalletSpend,
  type WalletTransaction,
  type WithdrawalRequest,
} from '@fartwin/protocol';
import type { Logger } from 'pino';
import { type PublicClient, parseEther, parseUnits } from 'viem';
import { ownedAgent } from '../agents/owned-agent.ts';
import type { AgentRecord } from '../agents/repository.ts';
import type { ContractAddresses } from '../chain/contracts.ts';
import type { ServerConfig } from '../config/config.ts';
import { twinWalletLock, withAdvisoryLock } from '../db/advisory-locks.ts';
import type { Db } from '../db/database.ts';
import { decryptAgentWallet } from '../deploy/wallet-keys.ts';
import { keeperSummary, keeperTransactions } from '../economy/fee-history.ts';
import { HttpError } from '../http/errors.ts';
import { TimeBudgetExceeded } from '../limits/time-budget.ts';
import type { FarcasterData } from '../providers/farcaster-data.ts';
import { ownerAddresses } from './owner-addresses.ts';
import {
  findSpend,
  latestSpends,
  recordIntent,
  recordOutcome,
  recordSigned,
  type SpendRow,
  spentToday,
  unsettledSpend,
} from './spend-ledger.ts';
import { readBalances, receiptOf, sendSigned, signTokenTransfer } from './wallet-chain.ts';

export interface TwinWalletDeps {
  db: Db;
  chain: PublicClient;
  rpcUrl: string;
  farcaster: FarcasterData;
  contracts: () => ContractAddresses | null;
  walletEncryptionKey: `0x${string}`;
  limits: ServerConfig['twinWallet'];
  logger: Logger;
}

/** A refusal recorded on its ledger row, so a retry under the same key gets the same answer. */
const REFUSED = 'refused:';

function toApiSpend(row: SpendRow): WalletSpend {
  return {
    id: row.id,
    kind: row.kind,
    asset: row.asset,
    amount: row.amount,
    to: row.to_address as `0x${string}`,
    status: row.status,
    txHash: row.tx_hash,
    error: row.error?.startsWith(REFUSED) ? row.error.slice(REFUSED.length).split('|')[1]! : row.error,
    createdAt: row.created_at.toISOString(),
  };
}

/** Withdrawals and the keeper's transactions in one list, newest first, at most the listed number. */
const newestFirst = (transactions: WalletTransaction[]) =>
  transactions.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, WALLET_TRANSACTIONS_LISTED);

/** The twin's wallet for its owner: what it holds and did, and withdrawals to the owner's own addresses. */
export function twinWalletService(deps: TwinWalletDeps) {
  const { db, chain, limits } = deps;
  const usdcPerDay = parseUnits(String(limits.withdrawUsdcPerDay), USDC_DECIMALS);
  const gasReserve = parseEther(String(limits.gasReserveEth));

  /** The twin, when the signed-in user owns it: 404 for no twin, 403 for anyone else's. */
  const ownedTwin = (agentId: string, authFid: number): Promise<AgentRecord> =>
    ownedAgent(db, agentId, authFid, 'see or move its wallet');
  const contractsOrFail = () => {
    const contracts = deps.contracts();
    if (!contracts) throw new HttpError(503, 'chain_unavailable', 'The contracts are not available yet');
    return contracts;
  };
  /** Outside calls past their budget answer 503: the owner may try again. */
  const budgeted = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof TimeBudgetExceeded)
        throw new HttpError(503, 'chain_unavailable', `${error.message}; try again`);
      throw error;
    }
  };
  const balancesOf = (agent: AgentRecord, usdc: `0x${string}`) =>
    budgeted(() =>
      readBalances(chain, { address: agent.walletAddress, usdc, token: agent.token.address }, limits.chainBudgetMs),
    );

  /** Refuses a withdrawal: recorded on its row (nothing was signed), then answered. */
  const refuse = async (row: SpendRow, status: 400 | 409 | 429, code: string, message: string): Promise<never> => {
    await recordOutcome(db, row.id, { status: 'failed', error: `${REFUSED}${code}|${message}|${status}` });
    throw new HttpError(status, code, message);
  };
  const refusalOf = (row: SpendRow): HttpError | null => {
    if (!row.error?.startsWith(REFUSED)) return null;
    const [code, message, status] = row.error.slice(REFUSED.length).split('|');
    return new HttpError(Number(status) as 400, code!, message!);
  };

  /**
   * Sends a signed spend (again, after a crash or a drop: the same bytes) and records its outcome
   * when the chain already has its receipt. It never waits for one: a slow chain must not hold the
   * owner's request past its budget, and the spend stays `sent` until a later read (the wallet view,
   * the next withdrawal) finds the receipt.
   */
  const settle = async (row: SpendRow): Promise<SpendRow> => {
    if (row.status !== 'sent' || !row.raw_tx || !row.tx_hash) return row;
    await budgeted(() => sendSigned(chain, row.raw_tx as `0x${string}`, limits.chainBudgetMs));
    const receipt = await receiptOf(chain, row.tx_hash as `0x${string}`, limits.chainBudgetMs);
    if (receipt) {
      await recordOutcome(
        db,
        row.id,
        receipt.status === 'success' ? { status: 'confirmed' } : { status: 'failed', error: 'the transfer reverted' },
      );
    }
    return findSpend(db, row.id);
  };
  /**
   * The listed spends, those still on their way settled first: the view shows one pending, then
   * confirmed. One the chain cannot settle now is shown as it stands; the view still answers.
   */
  const settledSpends = async (agentId: string): Promise<SpendRow[]> =>
    Promise.all(
      (await latestSpends(db, agentId)).map((row) =>
        row.status === 'sent'
          ? settle(row).catch((error: unknown) => {
              deps.logger.warn({ err: error, spend: row.id }, 'withdrawal not settled');
              return row;
            })
          : row,
      ),
    );

  /** Checks the limits and signs; the signed transaction is stored before anything is sent. */
  const signWithinLimits = async (agent: AgentRecord, row: SpendRow): Promise<void> => {
    const blocking = await unsettledSpend(db, agent.agentId, row.id);
    if (blocking && (await settle(blocking)).status === 'sent') {
      throw new HttpError(
        409,
        'withdrawal_pending',
        'An earlier withdrawal is still on its way; try again in a minute',
      );
    }
    const { usdc } = contractsOrFail();
    const amount = BigInt(row.amount);
    const balances = await balancesOf(agent, usdc);
    if (amount > balances.usdc) {
      return refuse(
        row,
        400,
        'insufficient_balance',
        `The twin's wallet holds ${balances.usdc} USDC base units, less than ${amount}`,
      );
    }
    const left = usdcPerDay - (await spentToday(db, agent.agentId, 'usdc', row.id));
    if (amount > left) {
      return refuse(
        row,
        429,
        'daily_withdrawal_limit',
        `At most ${limits.withdrawUsdcPerDay} USDC a day leave a twin's wallet; ${left > 0n ? left : 0n} base units are left today`,
      );
    }
    const deployment = await db
      .selectFrom('deployments')
      .select('wallet_key_ciphertext')
      .where('agent_id', '=', agent.agentId)
      .executeTakeFirst();
    if (!deployment?.wallet_key_ciphertext) {
      return refuse(row, 409, 'no_wallet_key', "This twin's wallet key is not held by this service");
    }
    const account = decryptAgentWallet(deployment.wallet_key_ciphertext, agent.walletAddress, deps.walletEncryptionKey);
    const signed = await budgeted(() =>
      signTokenTransfer(
        chain,
        deps.rpcUrl,
        account,
        { token: usdc, to: row.to_address as `0x${string}`, amount },
        limits.chainBudgetMs,
      ),
    );
    if (balances.eth < signed.maxGasCost + gasReserve) {
      return refuse(
        row,
        400,
        'gas_reserve',
        `The twin's wallet must keep ${limits.gasReserveEth} ETH for its own gas after paying this transfer's`,
      );
    }
    await recordSigned(db, row.id, signed);
  };

  return {
    async view(agentId: string, authFid: number): Promise<TwinWalletResponse> {
      const agent = await ownedTwin(agentId, authFid);
      const { usdc } = contractsOrFail();
      const [balances, spends, keeperSent, fees, withdrawTo, spent] = await Promise.all([
        balancesOf(agent, usdc),
        settledSpends(agent.agentId),
        keeperTransactions(db, agent.agentId, WALLET_TRANSACTIONS_LISTED),
        keeperSummary(db, agent.agentId),
        budgeted(() => ownerAddresses(deps.farcaster, agent.ownerFid, limits.chainBudgetMs)),
        spentToday(db, agent.agentId, 'usdc', -1),
      ]);
      const left = usdcPerDay - spent;
      return {
        agentId: agent.agentId,
        address: agent.walletAddress,
        balances: {
          eth: balances.eth.toString(),
          usdc: balances.usdc.toString(),
          token: { address: agent.token.address, symbol: agent.token.symbol, amount: balances.token.toString() },
        },
        fees,
        transactions: newestFirst([...spends.map(toApiSpend), ...keeperSent]),
        withdrawTo,
        limits: {
          usdcLeftToday: (left > 0n ? left : 0n).toString(),
          usdcPerDay: usdcPerDay.toString(),
          gasReserveWei: gasReserve.toString(),
        },
      };
    },

    /**
     * A withdrawal of the twin's USDC to an address of the owner's account, exactly once per
     * idempotency key: recorded before it is signed, signed and stored before it is sent, and a
     * retry (or another replica, waiting on the twin's lock) sends the stored bytes or answers
     * what became of them. Answered once sent (`sent`, or `confirmed` when already mined), not
     * after waiting for the receipt.
     */
    async withdraw(agentId: string, authFid: number, request: WithdrawalRequest): Promise<WalletSpend> {
      const agent = await ownedTwin(agentId, authFid);
      const to = request.to.toLowerCase() as `0x${string}`;
      const own = await budgeted(() => ownerAddresses(deps.farcaster, agent.ownerFid, limits.chainBudgetMs));
      if (!own.includes(to)) {
        throw new HttpError(
          403,
          'foreign_address',
          `${request.to} is not an address of your Farcaster account (its custody or a verified address)`,
        );
      }
      const amount = BigInt(request.amount);
      if (amount === 0n) throw new HttpError(400, 'invalid_amount', 'amount must be more than 0');
      const intent = await recordIntent(db, {
        agentId: agent.agentId,
        requestKey: `${agent.agentId}:${request.idempotencyKey}`,
        asset: request.asset,
        amount,
        to,
        requestedByFid: authFid,
      });
      if (intent.asset !== request.asset || BigInt(intent.amount) !== amount || intent.to_address !== to) {
        throw new HttpError(409, 'idempotency_key_reused', 'This idempotencyKey was used for another withdrawal');
      }
      return withAdvisoryLock(db, twinWalletLock(agent.agentId), { wait: true }, async () => {
        let row = await findSpend(db, intent.id);
        const refused = refusalOf(row);
        if (refused) throw refused;
        if (row.status === 'intent') {
          await signWithinLimits(agent, row);
          row = await findSpend(db, intent.id);
        }
        return toApiSpend(await settle(row));
      });
    },
  };
}

export type TwinWalletService = ReturnType<typeof twinWalletService>;
