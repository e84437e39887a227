import { fartwinLifeAbi, quoterV2Abi, swapRouter02Abi, usdcAbi, weth9Abi } from '@fartwin/contracts';
import { BATTERY_PRICE_USDC } from '@fartwin/protocol';
import { sql } from 'kysely';
import { type Address, encodeFunctionData, erc20Abi, type LocalAccount, type PublicClient } from 'viem';
import type { ContractAddresses } from '../platform/chain/contracts.ts';
import { twinWalletLock, withAdvisoryLock } from '../platform/db/advisory-locks.ts';
import type { Db } from '../platform/db/database.ts';
import { twinSwitchesOf } from '../twin-switches/index.ts';
import { BASE_WETH } from './clanker-fee-locker.ts';
import { gasAdvanceOwed } from './fee-history.ts';
import type { FeeLocker } from './fee-locker.ts';
import {
  KEEPER_PERIOD_DEADLINE_SECONDS,
  SignerBusy,
  type SigningLock,
  SpendFailed,
  type SpendRequest,
  spendOnce,
} from './keeper-spends.ts';

/** Uniswap's SwapRouter02 on Base: the WETH fees are sold for USDC through it. */
export const BASE_SWAP_ROUTER = '0x2626664c2603336E57B271c5C0b26F421741e481' as const;
/** WETH/USDC at 0.05 %: Base's deepest pool, and the local one. */
const WETH_USDC_FEE = 500;
/** The least the fee swap accepts: the quote less 1 %. */
const SWAP_SLIPPAGE_BPS = 100n;

export interface FeeKeeperLimits {
  /** Act when a twin has less than this much life left (seconds). */
  dueSeconds: number;
  /** The most WETH (wei) one period's swap sells. */
  maxSwapWei: bigint;
  /** The most WETH (wei) unwrapped to ETH for the twin's gas in one period. */
  gasReserveWei: bigint;
  /** The operator's gas advance (wei) to a twin with no ETH for its first transaction, once per period. */
  gasAdvanceWei: bigint;
}

export interface FeeKeeperDeps {
  db: Db;
  chain: PublicClient;
  feeLocker: FeeLocker;
  contracts: () => ContractAddresses | null;
  operator: LocalAccount;
  limits: FeeKeeperLimits;
}

export interface KeeperTwin {
  /** agents.id: the key of the twin's keeper lock. */
  id: number;
  agentId: string;
  wallet: LocalAccount;
  token: Address;
  payBatteryFromFees: boolean;
}

export type KeeperOutcome =
  | { kind: 'busy' }
  | { kind: 'switched-off' }
  | { kind: 'paused' }
  | { kind: 'fees-do-not-cover'; feesUsdc: bigint }
  | { kind: 'battery-bought'; txHash: `0x${string}` }
  | { kind: 'failed'; step: string; reason: string };

/** Where the keeper swaps: the local chain's router and WETH, or Base's. */
function swapVenue(contracts: ContractAddresses) {
  return contracts.local
    ? { router: contracts.local.swapRouter, weth: contracts.local.weth9 }
    : { router: BASE_SWAP_ROUTER, weth: BASE_WETH };
}

/** What `wethWei` sells for in USDC now (QuoterV2; 0 for nothing). */
export async function quoteWethInUsdc(chain: PublicClient, contracts: ContractAddresses, wethWei: bigint) {
  if (wethWei === 0n) return 0n;
  const { result } = await chain.simulateContract({
    address: contracts.quoter,
    abi: quoterV2Abi,
    functionName: 'quoteExactInputSingle',
    args: [
      {
        tokenIn: swapVenue(contracts).weth,
        tokenOut: contracts.usdc,
        amountIn: wethWei,
        fee: WETH_USDC_FEE,
        sqrtPriceLimitX96: 0n,
      },
    ],
  });
  return result[0];
}

/**
 * One keeper run for one twin and period: when the switch is on and the fees waiting for the twin
 * cover a battery, claims them, keeps a little as ETH for gas, sells the rest of the WETH for USDC
 * and buys a battery with extendLife from the twin's own wallet. Each transaction goes through
 * spendOnce (recorded before it is sent, once per twin, period and step), so retries, crashes and
 * other replicas continue the same run instead of spending again. The twin wallet's lock is held
 * for each transaction's signature and broadcast only, never while a receipt is awaited: a
 * withdrawal of the same wallet waits for no block. `busy` when another signer holds it.
 */
export async function keepTwinAlive(deps: FeeKeeperDeps, twin: KeeperTwin, period: string): Promise<KeeperOutcome> {
  try {
    return await runKeeper(deps, twin, await periodToRun(deps.db, twin.agentId, period));
  } catch (error) {
    if (error instanceof SignerBusy) return { kind: 'busy' };
    throw error;
  }
}

/** The twin wallet's lock for one spend's signature and broadcast: a try-lock, SignerBusy when held. */
function twinSigning(db: Db, agentId: string): SigningLock {
  return async (work) => {
    const done = await withAdvisoryLock(db, twinWalletLock(agentId), { wait: false }, async (connection) => ({
      value: await work(connection),
    }));
    if (!done) throw new SignerBusy(`Another signer holds the wallet of ${agentId}`);
    return done.value;
  };
}

/**
 * The period whose run this one is: an earlier run that was cut off (an RPC that failed between its
 * steps, a crash, the period ending meanwhile) and neither finished nor failed is finished in its own
 * period first. Its fees were claimed then, into the twin's wallet, and the locker holds none now.
 */
async function periodToRun(db: Db, agentId: string, period: string): Promise<string> {
  const unfinished = await db
    .selectFrom('outbox_transactions')
    .select('period')
    .where('kind', '=', 'keeper')
    .where('agent_id', '=', agentId)
    .where('period', '<', period)
    .groupBy('period')
    // Past its deadline a period is left: its steps never signed expire (keeper-spends.ts).
    .having(sql<boolean>`bool_and(step <> 'battery' and status <> 'failed')`)
    .having(sql<boolean>`min(created_at) > now() - make_interval(secs => ${KEEPER_PERIOD_DEADLINE_SECONDS})`)
    .orderBy('period', 'desc')
    .limit(1)
    .executeTakeFirst();
  return unfinished?.period ?? period;
}

async function runKeeper(deps: FeeKeeperDeps, twin: KeeperTwin, period: string): Promise<KeeperOutcome> {
  const { chain, limits } = deps;
  const contracts = deps.contracts();
  if (!contracts) throw new Error('The contracts are not known yet: is the chain bootstrapped?');
  const venue = swapVenue(contracts);
  const owner = twin.wallet.address;
  const key = (step: string) => ({ agentId: twin.agentId, period, step });
  const ledger = { db: deps.db, chain };
  // The twin's own transactions: its wallet's lock held for each signature and broadcast only.
  const signing = twinSigning(deps.db, twin.agentId);
  const twinSpend = (step: string, build: () => Promise<SpendRequest>) =>
    spendOnce(ledger, key(step), twin.wallet, build, { signing });
  // Pause stops everything the twin does on its own, spending included: read at each run, so it
  // holds on every replica at once, even in the middle of a period's run (which goes on after it).
  if ((await twinSwitchesOf(deps.db, twin.agentId)).controls.paused) return { kind: 'paused' };
  const started = await hasStep(deps.db, { agentId: twin.agentId, period });

  // A run already under way in this period goes on whatever the switch or the fees say now.
  if (!started) {
    if (!twin.payBatteryFromFees) return { kind: 'switched-off' };
    const fees = await deps.feeLocker.available({ token: twin.token, twinWallet: owner });
    // Fees an earlier period claimed and could not sell (its swap refused) wait in the twin's wallet
    // as WETH: they count too, or they would stay there while every later period finds the locker empty.
    const claimed = await chain.readContract({
      address: venue.weth,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    });
    const weth = fees.weth + claimed;
    // What the swap will sell: the fees less the part kept as ETH for gas, at most the cap.
    const sellable = min(weth - min(weth, limits.gasReserveWei), limits.maxSwapWei);
    const feesUsdc = sellable > 0n ? await quoteWethInUsdc(chain, contracts, sellable) : 0n;
    if (feesUsdc < BATTERY_PRICE_USDC) return { kind: 'fees-do-not-cover', feesUsdc };
  }

  try {
    // Gas for the twin's first transaction, when its wallet has none: a small advance from the
    // operator (once per period; a run that recorded one goes on with it).
    const advanced = await hasStep(deps.db, key('gas-advance'));
    if (advanced || (await chain.getBalance({ address: owner })) < limits.gasAdvanceWei) {
      await spendOnce(
        ledger,
        key('gas-advance'),
        deps.operator,
        // The operator's next nonce comes from its outbox signer row, shared with deploys and relays: no lock.
        async () => ({ to: owner, data: '0x', value: limits.gasAdvanceWei }),
      );
    }

    const claims = await stepCalls(deps, twin, period);
    for (const [index, call] of claims.entries()) {
      // The first claim records what all of them move (the fees waiting now), for the owner's wallet view.
      await twinSpend(`claim-${index}`, async () => {
        if (index > 0) return call;
        const fees = await deps.feeLocker.available({ token: twin.token, twinWallet: owner });
        return { ...call, amounts: { wethWei: fees.weth, token: fees.token } };
      });
    }

    const wethBalance = () =>
      chain.readContract({ address: venue.weth, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
    await twinSpend('unwrap', async () => {
      // The twin's gas, and what it owes the operator for earlier gas (paid back once the battery is bought).
      const amount = min(await wethBalance(), limits.gasReserveWei + (await gasAdvanceOwed(deps.db, twin.agentId)));
      return {
        to: venue.weth,
        data: encodeFunctionData({ abi: weth9Abi, functionName: 'withdraw', args: [amount] }),
        amounts: { wethWei: amount },
      };
    });
    await twinSpend('approve-weth', async () => ({
      to: venue.weth,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [venue.router, limits.maxSwapWei] }),
    }));
    await twinSpend('swap', async () => {
      const amountIn = min(await wethBalance(), limits.maxSwapWei);
      const quoted = await quoteWethInUsdc(chain, contracts, amountIn);
      return {
        to: venue.router,
        data: encodeFunctionData({
          abi: swapRouter02Abi,
          functionName: 'exactInputSingle',
          args: [
            {
              tokenIn: venue.weth,
              tokenOut: contracts.usdc,
              fee: WETH_USDC_FEE,
              recipient: owner,
              amountIn,
              amountOutMinimum: (quoted * (10_000n - SWAP_SLIPPAGE_BPS)) / 10_000n,
              sqrtPriceLimitX96: 0n,
            },
          ],
        }),
        amounts: { wethWei: amountIn, usdc: quoted },
      };
    });
    await twinSpend('approve-usdc', async () => ({
      to: contracts.usdc,
      data: encodeFunctionData({
        abi: usdcAbi,
        functionName: 'approve',
        args: [contracts.fartwinLife, BATTERY_PRICE_USDC],
      }),
    }));
    // The same call anyone makes to feed a twin: one battery, from the twin's own USDC.
    const { txHash } = await twinSpend('battery', async () => ({
      to: contracts.fartwinLife,
      data: encodeFunctionData({
        abi: fartwinLifeAbi,
        functionName: 'extendLife',
        args: [twin.agentId, BATTERY_PRICE_USDC],
      }),
      amounts: { usdc: BATTERY_PRICE_USDC },
    }));
    await repayGasAdvance(deps, twin, twinSpend, key('gas-repayment'));
    return { kind: 'battery-bought', txHash };
  } catch (error) {
    if (error instanceof SpendFailed) return { kind: 'failed', step: error.key.step, reason: error.message };
    throw error;
  }
}

/**
 * Pays the operator back its gas advances from the twin's ETH, once the battery is bought, as far as
 * the wallet holds more than one advance's worth for its next gas (less the repayment's own gas; the
 * rest in a later period): until
 * then they are a debt its owner cannot withdraw. A refused repayment leaves the debt as it is.
 */
async function repayGasAdvance(
  deps: FeeKeeperDeps,
  twin: KeeperTwin,
  twinSpend: (step: string, build: () => Promise<SpendRequest>) => Promise<unknown>,
  repaymentKey: { agentId: string; period: string; step: string },
): Promise<void> {
  const owed = await gasAdvanceOwed(deps.db, twin.agentId);
  const spare = (await deps.chain.getBalance({ address: twin.wallet.address })) - deps.limits.gasAdvanceWei;
  const amount = min(owed, spare);
  if (amount <= 0n && !(await hasStep(deps.db, repaymentKey))) return;
  try {
    await twinSpend('gas-repayment', async () => ({ to: deps.operator.address, data: '0x', value: amount }));
  } catch (error) {
    if (!(error instanceof SpendFailed)) throw error;
  }
}

/** The claim's transactions: read once, when the run's first claim step is recorded. */
async function stepCalls(deps: FeeKeeperDeps, twin: KeeperTwin, period: string) {
  const recorded = await deps.db
    .selectFrom('outbox_transactions')
    .select(['step', 'tx_to', 'call_data'])
    .where('kind', '=', 'keeper')
    .where('agent_id', '=', twin.agentId)
    .where('period', '=', period)
    .where('step', 'like', 'claim-%')
    .orderBy('step')
    .execute();
  if (recorded.length > 0) {
    return recorded.map((row) => ({ to: row.tx_to as Address, data: row.call_data as `0x${string}` }));
  }
  return deps.feeLocker.claimCalls({ token: twin.token, twinWallet: twin.wallet.address });
}

/** Whether the period has a recorded step (`step` given) or any at all. */
async function hasStep(db: Db, key: { agentId: string; period: string; step?: string }): Promise<boolean> {
  let query = db
    .selectFrom('outbox_transactions')
    .select('id')
    .where('kind', '=', 'keeper')
    .where('agent_id', '=', key.agentId)
    .where('period', '=', key.period);
  if (key.step) query = query.where('step', '=', key.step);
  return (await query.executeTakeFirst()) !== undefined;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
