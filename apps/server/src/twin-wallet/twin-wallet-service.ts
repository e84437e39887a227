import {
  type TwinWalletResponse,
  USDC_DECIMALS,
  WALLET_TRANSACTIONS_LISTED,
  type WalletSpend,
  type WalletTransaction,
  WITHDRAWAL_DECIMALS,
  type WithdrawableAsset,
  type WithdrawalRequest,
} from '@fartwin/protocol';
import { LRUCache } from 'lru-cache';
import { BaseError, formatUnits, InsufficientFundsError, type PublicClient, parseEther, parseUnits } from 'viem';
import { decryptTwinWallet } from '../deploy/index.ts';
import { gasAdvanceOwed, keeperSummary, keeperTransactions } from '../economy/index.ts';
import type { ContractAddresses } from '../platform/chain/contracts.ts';
import type { ServerConfig } from '../platform/config/config.ts';
import { LockWaitTimeout, twinWalletLock, withAdvisoryLock } from '../platform/db/advisory-locks.ts';
import type { Db } from '../platform/db/database.ts';
import { HttpError } from '../platform/http/errors.ts';
import { TimeBudgetExceeded } from '../platform/limits/time-budget.ts';
import {
  EXPIRED,
  findTransaction,
  intentExpired,
  type OutboxRow,
  type OutboxSettlements,
  recordIntent,
  recordOutcome,
  settleTransaction,
  signIntent,
} from '../platform/outbox/index.ts';
import type { FarcasterData } from '../platform/providers/farcaster-data.ts';
import type { TwinRecord } from '../twins/index.ts';
import { ownedTwin } from '../twins/index.ts';
import { ownerAddresses } from './owner-addresses.ts';
import { erc20Transfer, ethTransfer, readBalances, readTokenSupply } from './wallet-chain.ts';
import {
  INTENT_EXPIRES_AFTER_MINUTES,
  latestWithdrawals,
  spentToday,
  unsettledWithdrawal,
  withdrawalKey,
} from './withdrawals.ts';

export interface TwinWalletDeps {
  db: Db;
  chain: PublicClient;
  farcaster: FarcasterData;
  contracts: () => ContractAddresses | null;
  walletEncryptionKey: `0x${string}`;
  limits: ServerConfig['twinWallet'];
  /** Where a sent withdrawal is handed on, to be settled in the background (the outbox's job). */
  settlements: OutboxSettlements;
}

/** Token supplies kept per replica, and for how long (a burn lowers the cap a little later). */
const TOKEN_SUPPLIES_KEPT = 10_000;
const TOKEN_SUPPLY_TTL_MS = 60 * 60 * 1000;

/** A refusal recorded on its ledger row, so a retry under the same key gets the same answer. */
const REFUSED = 'refused:';

const refusalText = (status: number, code: string, message: string) => `${REFUSED}${code}|${message}|${status}`;

const walletBusy = () =>
  new HttpError(
    409,
    'wallet_busy',
    "The twin's wallet is signing another transaction right now; send the same request again in a few seconds (nothing was sent)",
  );

const expiredRefusal = () =>
  new HttpError(
    409,
    'withdrawal_expired',
    `This withdrawal was asked for more than ${INTENT_EXPIRES_AFTER_MINUTES} minutes ago and never sent; ask again with a new idempotencyKey`,
  );

/** A refusal as recorded (`refused:code|message|status`); the message may hold a `|` (a token's symbol). */
function parseRefusal(error: string | null): { code: string; message: string; status: number } | null {
  if (!error?.startsWith(REFUSED)) return null;
  const parts = error.slice(REFUSED.length).split('|');
  return { code: parts[0]!, message: parts.slice(1, -1).join('|'), status: Number(parts.at(-1)) };
}

type SpendRow = OutboxRow;

function toApiSpend(row: SpendRow): WalletSpend {
  return {
    id: row.id,
    kind: 'withdrawal',
    asset: row.asset!,
    amount: row.amount!,
    to: row.recipient as `0x${string}`,
    status: row.status,
    txHash: row.tx_hash,
    error: parseRefusal(row.error)?.message ?? row.error,
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
  const tokenSupplies = new LRUCache<string, bigint>({ max: TOKEN_SUPPLIES_KEPT, ttl: TOKEN_SUPPLY_TTL_MS });
  /** Each asset's cap per 24 hours (base units); the token's is a share of its supply. */
  const perDay = (asset: WithdrawableAsset, tokenSupply: bigint): bigint =>
    asset === 'usdc'
      ? usdcPerDay
      : asset === 'eth'
        ? limits.withdrawEthPerDayWei
        : (tokenSupply * BigInt(limits.withdrawTokenPerDayBps)) / 10_000n;
  /** An amount as the owner reads it: "0.01 ETH", "5 USDC", "1000 $ALICE". */
  const amountText = (twin: TwinRecord, asset: WithdrawableAsset, amount: bigint) =>
    `${formatUnits(amount, WITHDRAWAL_DECIMALS[asset])} ${asset === 'token' ? `$${twin.token.symbol}` : asset.toUpperCase()}`;

  /** The twin, when the signed-in user owns it: 404 for no twin, 403 for anyone else's. */
  const ownersTwin = (agentId: string, authFid: number): Promise<TwinRecord> =>
    ownedTwin(db, agentId, authFid, 'see or move its wallet');
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
  const balancesOf = (twin: TwinRecord, usdc: `0x${string}`) =>
    budgeted(() =>
      readBalances(chain, { address: twin.walletAddress, usdc, token: twin.token.address }, limits.chainBudgetMs),
    );
  /** A twin's token has a fixed supply (only burns lower it): read once an hour per token, not per view. */
  const tokenSupplyOf = async (twin: TwinRecord): Promise<bigint> => {
    const known = tokenSupplies.get(twin.token.address);
    if (known !== undefined) return known;
    const supply = await budgeted(() => readTokenSupply(chain, twin.token.address, limits.chainBudgetMs));
    tokenSupplies.set(twin.token.address, supply);
    return supply;
  };

  /** Refuses a withdrawal: recorded on its row (nothing was signed), then answered. */
  const refuse = async (
    conn: Db,
    row: SpendRow,
    status: 400 | 409 | 429,
    code: string,
    message: string,
  ): Promise<never> => {
    await recordOutcome(conn, row.id, 'intent', { status: 'failed', error: refusalText(status, code, message) });
    throw new HttpError(status, code, message);
  };
  /** The refusal recorded on a row, as answered: one of ours, or an intent the outbox expired. */
  const refusalOf = (row: Pick<SpendRow, 'error' | 'status'>): HttpError | null => {
    if (row.status === 'failed' && row.error === EXPIRED) return expiredRefusal();
    const refusal = parseRefusal(row.error);
    return refusal && new HttpError(refusal.status as 400, refusal.code, refusal.message);
  };

  /**
   * A withdrawal's own look at its spend (or an earlier one blocking the next): the same
   * rebroadcast and receipt read as the settlement job's, on a write path. It never waits for a
   * receipt: a slow chain must not hold the owner's request past its budget; the job settles it.
   */
  const settle = async (conn: Db, row: SpendRow): Promise<SpendRow> =>
    row.status === 'sent'
      ? (await budgeted(() => settleTransaction({ db: conn, chain, budgetMs: limits.chainBudgetMs }, row.id))).row
      : row;

  /**
   * Checks the limits and signs; the signed transaction is stored before anything is sent. Runs
   * under the twin's wallet lock, every query on the lock's own connection `conn`.
   */
  const signWithinLimits = async (conn: Db, twin: TwinRecord, row: SpendRow): Promise<void> => {
    const blocking = await unsettledWithdrawal(conn, twin.agentId, row.id);
    if (blocking && (await settle(conn, blocking)).status === 'sent') {
      throw new HttpError(
        409,
        'withdrawal_pending',
        'An earlier withdrawal is still on its way; try again in a minute',
      );
    }
    const { usdc } = contractsOrFail();
    const asset = row.asset!;
    const amount = BigInt(row.amount!);
    const [balances, tokenSupply] = await Promise.all([
      balancesOf(twin, usdc),
      asset === 'token' ? tokenSupplyOf(twin) : 0n,
    ]);
    const text = (units: bigint) => amountText(twin, asset, units);
    if (amount > balances[asset]) {
      return refuse(
        conn,
        row,
        400,
        'insufficient_balance',
        `The twin's wallet holds ${text(balances[asset])}, less than ${text(amount)}`,
      );
    }
    const cap = perDay(asset, tokenSupply);
    const left = cap - (await spentToday(conn, twin.agentId, row.id))[asset];
    if (amount > left) {
      return refuse(
        conn,
        row,
        429,
        'daily_withdrawal_limit',
        `At most ${text(cap)} a day leave a twin's wallet; ${text(left > 0n ? left : 0n)} left today`,
      );
    }
    const ethOut = asset === 'eth' ? amount : 0n;
    const reserveRefusal = refusalText(
      400,
      'gas_reserve',
      `The twin's wallet must keep ${limits.gasReserveEth} ETH for its own gas after ${
        asset === 'eth' ? 'this transfer and its gas' : "paying this transfer's"
      }`,
    );
    const keepReserve = async (): Promise<never> => {
      await recordOutcome(conn, row.id, 'intent', { status: 'failed', error: reserveRefusal });
      throw refusalOf({ error: reserveRefusal, status: 'failed' })!;
    };
    const deployment = await conn
      .selectFrom('deployments')
      .select('wallet_key_ciphertext')
      .where('agent_id', '=', twin.agentId)
      .executeTakeFirst();
    if (!deployment?.wallet_key_ciphertext) {
      return refuse(conn, row, 409, 'no_wallet_key', "This twin's wallet key is not held by this service");
    }
    const account = decryptTwinWallet(deployment.wallet_key_ciphertext, twin.walletAddress, deps.walletEncryptionKey);
    // ETH sent away comes out of what pays the gas: the reserve (and the service's gas advance for
    // the keeper, until it is paid back) must stay after both. Checked as the transaction is signed.
    const gasRefusal = async (trx: Db, maxGasCost: bigint): Promise<string | null> => {
      if (balances.eth < ethOut + maxGasCost + gasReserve) return reserveRefusal;
      const owed = await gasAdvanceOwed(trx, twin.agentId);
      if (balances.eth < ethOut + maxGasCost + gasReserve + owed) {
        return refusalText(
          400,
          'gas_advance_owed',
          `The twin's wallet owes ${amountText(twin, 'eth', owed)} the service advanced for its gas; it stays until the fee keeper pays it back from the twin's fees`,
        );
      }
      return null;
    };
    let signed: SpendRow;
    try {
      signed = await budgeted(() =>
        signIntent({ db: conn, chain }, row.id, account, {
          budgetMs: limits.chainBudgetMs,
          check: async (trx, { maxGasCost }) => {
            const refused = await gasRefusal(trx, maxGasCost);
            return refused ? { refused } : null;
          },
        }),
      );
    } catch (error) {
      // Nodes that check funds when estimating (geth) refuse ETH whose value and gas exceed the
      // wallet before the check above can: the same refusal.
      if (error instanceof BaseError && error.walk((cause) => cause instanceof InsufficientFundsError)) {
        return keepReserve();
      }
      if (error instanceof LockWaitTimeout) throw walletBusy();
      throw error;
    }
    const refused = refusalOf(signed);
    if (refused) throw refused;
  };

  return {
    async view(agentId: string, authFid: number): Promise<TwinWalletResponse> {
      const twin = await ownersTwin(agentId, authFid);
      const { usdc } = contractsOrFail();
      const [balances, tokenSupply, spends, keeperSent, fees, withdrawTo, spent] = await Promise.all([
        balancesOf(twin, usdc),
        tokenSupplyOf(twin),
        // As recorded: a `sent` one shows as pending until the settlement job records its outcome.
        latestWithdrawals(db, twin.agentId),
        keeperTransactions(db, twin.agentId, WALLET_TRANSACTIONS_LISTED),
        keeperSummary(db, twin.agentId),
        budgeted(() => ownerAddresses(deps.farcaster, twin.ownerFid, limits.chainBudgetMs)),
        spentToday(db, twin.agentId, -1),
      ]);
      const capOf = (asset: WithdrawableAsset) => perDay(asset, tokenSupply);
      const leftToday = (asset: WithdrawableAsset) => {
        const left = capOf(asset) - spent[asset];
        return (left > 0n ? left : 0n).toString();
      };
      return {
        agentId: twin.agentId,
        address: twin.walletAddress,
        balances: {
          eth: balances.eth.toString(),
          usdc: balances.usdc.toString(),
          token: { address: twin.token.address, symbol: twin.token.symbol, amount: balances.token.toString() },
        },
        fees,
        transactions: newestFirst([...spends.map(toApiSpend), ...keeperSent]),
        withdrawTo,
        limits: {
          usdcLeftToday: leftToday('usdc'),
          usdcPerDay: capOf('usdc').toString(),
          ethLeftToday: leftToday('eth'),
          ethPerDay: capOf('eth').toString(),
          tokenLeftToday: leftToday('token'),
          tokenPerDay: capOf('token').toString(),
          gasReserveWei: gasReserve.toString(),
        },
      };
    },

    /**
     * A withdrawal of the twin's USDC, ETH or token to an address of the owner's account, exactly once per
     * idempotency key: recorded before it is signed, signed and stored before it is sent, and a
     * retry (or another replica, waiting on the twin's lock) sends the stored bytes or answers
     * what became of them. Answered once sent (`sent`, or `confirmed` when already mined), not
     * after waiting for the receipt.
     */
    async withdraw(agentId: string, authFid: number, request: WithdrawalRequest): Promise<WalletSpend> {
      const twin = await ownersTwin(agentId, authFid);
      const to = request.to.toLowerCase() as `0x${string}`;
      const own = await budgeted(() => ownerAddresses(deps.farcaster, twin.ownerFid, limits.chainBudgetMs));
      if (!own.includes(to)) {
        throw new HttpError(
          403,
          'foreign_address',
          `${request.to} is not an address of your Farcaster account (its custody or a verified address)`,
        );
      }
      const amount = BigInt(request.amount);
      if (amount === 0n) throw new HttpError(400, 'invalid_amount', 'amount must be more than 0');
      const { usdc } = contractsOrFail();
      const intent = await recordIntent(db, {
        kind: 'withdrawal',
        key: withdrawalKey(twin.agentId, request.idempotencyKey),
        agentId: twin.agentId,
        signer: twin.walletAddress,
        call:
          request.asset === 'eth'
            ? ethTransfer(to, amount)
            : erc20Transfer(request.asset === 'usdc' ? usdc : twin.token.address, to, amount),
        expiresInSeconds: INTENT_EXPIRES_AFTER_MINUTES * 60,
        details: { asset: request.asset, amount, recipient: to, requested_by_fid: authFid },
      });
      if (intent.asset !== request.asset || BigInt(intent.amount ?? -1) !== amount || intent.recipient !== to) {
        throw new HttpError(409, 'idempotency_key_reused', 'This idempotencyKey was used for another withdrawal');
      }
      // Never waits for the twin's lock: a request waiting would keep a pooled connection, and a
      // few owners' requests at once could take them all. Busy answers 409; the intent is kept,
      // so a retry under the same key carries on with it.
      const answer = await withAdvisoryLock(db, twinWalletLock(twin.agentId), { wait: false }, async (conn) => {
        let row = await findTransaction(conn, intent.id);
        const refused = refusalOf(row);
        if (refused) throw refused;
        if (row.status === 'intent' && (await intentExpired(conn, row.id))) {
          await recordOutcome(conn, row.id, 'intent', { status: 'failed', error: EXPIRED });
          throw expiredRefusal();
        }
        if (row.status === 'intent') {
          await signWithinLimits(conn, twin, row);
          row = await findTransaction(conn, intent.id);
        }
        // Settled by its job from here on, whatever becomes of this request; a retry of the request
        // enqueues nothing new while the job is queued (one per spend).
        if (row.status === 'sent') await deps.settlements.enqueue(row.id);
        return toApiSpend(await settle(conn, row));
      });
      if (answer) return answer;
      // A retry of a withdrawal already signed needs no lock: its answer is what the ledger says.
      const row = await findTransaction(db, intent.id);
      const refused = refusalOf(row);
      if (refused) throw refused;
      if (row.status !== 'intent') return toApiSpend(row);
      throw walletBusy();
    },
  };
}

export type TwinWalletService = ReturnType<typeof twinWalletService>;
