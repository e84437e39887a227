import { fartwinLifeAbi, payForBattery, usdcAbi } from '@fartwin/contracts';
import {
  createLocalClients,
  type Deployment,
  fundAccounts,
  type LocalClients,
  readDeployment,
} from '@fartwin/contracts/deployment';
import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import { BATTERY_PRICE_USDC } from '@fartwin/protocol';
import { expect, type Page } from '@playwright/test';
import { Attribution } from 'ox/erc8021';
import { decodeFunctionData, keccak256, toBytes } from 'viem';
import { stack, users } from './stack.ts';
import { indexedTwin } from './twins.ts';

const HOUR = 3_600;
const DAY = 24 * HOUR;

// Made on first use (the stack's URLs are set by global-setup); the deployment does not change during a run.
let clients: LocalClients | undefined;
let deployment: Deployment | undefined;
const local = () => (clients ??= createLocalClients(stack.rpcUrl));
const contracts = () => (deployment ??= readDeployment(stack.deploymentFile));

/**
 * "Now" for lives, in unix seconds, as the bot service reckons it: the later of wall-clock and chain
 * time (an idle local chain mines no blocks; time travel moves it ahead).
 */
export async function chainNowSeconds(): Promise<number> {
  const block = await local().publicClient.getBlock({ blockTag: 'latest' });
  return Math.max(Math.floor(Date.now() / 1000), Number(block.timestamp));
}

/** Seconds of battery the twin has left on the chain (negative once it has run out). */
export async function lifeLeftSeconds(agentId: string): Promise<number> {
  const expiry = await local().publicClient.readContract({
    address: contracts().fartwinLife,
    abi: fartwinLifeAbi,
    functionName: 'agentTimeToDeath',
    args: [agentId],
  });
  return Number(expiry) - (await chainNowSeconds());
}

/**
 * The arguments of the latest payment for a twin, read back from the chain: its LifePaid event
 * (found by the agent id's hash) leads to the transaction, whose input is decoded; for a bundle the
 * call to the life contract is the one decoded. Tells whether the app sent the payer's minimum.
 */
export async function lastPaymentArgs(agentId: string): Promise<readonly unknown[]> {
  const { input } = await lastPayment(agentId);
  const { functionName, args = [] } = decodeFunctionData({ abi: fartwinLifeAbi, data: input });
  expect(functionName).toBe('extendLife');
  return args;
}

/** The builder codes (ERC-8021) at the end of the latest payment's calldata for a twin; none: []. */
export async function lastPaymentBuilderCodes(agentId: string): Promise<readonly string[]> {
  const { input } = await lastPayment(agentId);
  return Attribution.fromData(input)?.codes ?? [];
}

/** The transaction of the latest payment for a twin, found by its LifePaid event. */
async function lastPayment(agentId: string) {
  const { publicClient } = local();
  const logs = await publicClient.getContractEvents({
    address: contracts().fartwinLife,
    abi: fartwinLifeAbi,
    eventName: 'LifePaid',
    args: { agentIdHash: keccak256(toBytes(agentId)) },
    fromBlock: BigInt(contracts().deployedAtBlock),
  });
  const last = logs.at(-1);
  if (!last) throw new Error(`no payment for ${agentId}`);
  return publicClient.getTransaction({ hash: last.transactionHash });
}

/** A user's USDC balance, in USDC's smallest unit. */
export async function usdcBalance(fid: number): Promise<bigint> {
  return usdcBalanceOf(localUserAccount(fid).address);
}

/** An address's USDC balance, in USDC's smallest unit. */
export async function usdcBalanceOf(address: `0x${string}`): Promise<bigint> {
  return local().publicClient.readContract({
    address: contracts().usdc,
    abi: usdcAbi,
    functionName: 'balanceOf',
    args: [address],
  });
}

/** A user's ETH, in wei. */
export async function ethBalance(fid: number): Promise<bigint> {
  return local().publicClient.getBalance({ address: localUserAccount(fid).address });
}

/** Who paid the twin's latest battery: the payer its latest LifePaid event names. */
export async function lastPayer(agentId: string): Promise<string> {
  const logs = await local().publicClient.getContractEvents({
    address: contracts().fartwinLife,
    abi: fartwinLifeAbi,
    eventName: 'LifePaid',
    args: { agentIdHash: keccak256(toBytes(agentId)) },
    fromBlock: BigInt(contracts().deployedAtBlock),
  });
  const payer = logs.at(-1)?.args.payer;
  if (!payer) throw new Error(`no payment for ${agentId}`);
  return payer;
}

/**
 * Set-up for a journey that needs its twin alive: the keeper (a sample user) buys batteries until the
 * twin has at least `seconds` left (a day by default: another journey's time travel may have run it
 * down), and the bot service's index has them before the journey goes on. The service's writers and
 * its fee keeper read the index: a clock moved while it still held the old expiry would find the twin
 * dead (a post's slot passes unwritten, a death notice takes the owner's slot) or not yet due.
 */
export async function ensureLifeLeft(agentId: string, seconds = DAY): Promise<void> {
  for (let bought = 0; (await lifeLeftSeconds(agentId)) < seconds; bought += 1) {
    expect(bought, 'batteries bought').toBeLessThan(10);
    await payForBattery(
      local().publicClient,
      local().walletFor(localUserAccount(users.keeper)),
      contracts(),
      agentId,
      BATTERY_PRICE_USDC,
    );
  }
  await expect
    .poll(async () => ((await indexedTwin(agentId))?.life.expirationTime ?? 0) - (await chainNowSeconds()), {
      message: "the bot service's index has the battery",
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(seconds - 60);
}

/** Sends a twin's wallet ETH (for its gas) and USDC, as anyone paying the twin would. */
export async function fundTwinWallet(address: `0x${string}`, usdc: bigint): Promise<void> {
  await fundAccounts(local(), contracts(), [address], { usdcPerAccount: usdc, ethPerAccount: 10n ** 18n });
}

/** Buys a twin a battery from `fid`'s wallet, as a reviver's wallet does (approve, then extendLife). */
export async function payBatteryAs(fid: number, agentId: string): Promise<`0x${string}`> {
  const { publicClient, walletFor } = local();
  const { receipt } = await payForBattery(
    publicClient,
    walletFor(localUserAccount(fid)),
    contracts(),
    agentId,
    BATTERY_PRICE_USDC,
  );
  return receipt.transactionHash;
}

/** The chain-clock panel's jumps, largest first (their test ids are advance-<label>). */
const CLOCK_JUMPS = [
  { label: '7d', seconds: 7 * DAY },
  { label: '1d', seconds: DAY },
  { label: '1h', seconds: HOUR },
] as const;

type ClockJump = (typeof CLOCK_JUMPS)[number];

/** The latest block's time: the chain's clock as a jump moves it (the jump mines the next block that far on). */
async function latestBlockSeconds(): Promise<number> {
  return Number((await local().publicClient.getBlock({ blockTag: 'latest' })).timestamp);
}

/**
 * Presses one of the chain-clock panel's jumps, as a person would, and waits for the block it mines.
 * Measured on blocks alone: the wall clock may be ahead of the last block, and the jump counts from
 * the chain's own time. A loaded machine can take a while to mine it, hence the minute.
 */
export async function pressClockJump(page: Page, label: ClockJump['label']): Promise<void> {
  const jump = CLOCK_JUMPS.find((candidate) => candidate.label === label)!;
  const before = await latestBlockSeconds();
  await page.getByTestId('chain-clock').getByTestId(`advance-${jump.label}`).click();
  await expect.poll(latestBlockSeconds, { timeout: 60_000 }).toBeGreaterThanOrEqual(before + jump.seconds);
}

/**
 * Moves the chain's clock with the dev host's chain-clock panel, as a person would, until the twin
 * has at most `seconds` of battery left: each time the largest jump that does not pass the mark
 * (or an hour, when less than an hour is left to go). With `untilExtended`, it also stops as soon as
 * the twin gets a new battery on the way (the fee keeper buys one once less than a day is left, and
 * the clock must not then run through it).
 */
export async function advanceUntilLeft(
  page: Page,
  agentId: string,
  seconds: number,
  { untilExtended = false } = {},
): Promise<void> {
  for (let step = 0; (await lifeLeftSeconds(agentId)) > seconds; step += 1) {
    expect(step, 'jumps on the chain clock').toBeLessThan(40);
    const left = await lifeLeftSeconds(agentId);
    const toGo = left - seconds;
    const jump = CLOCK_JUMPS.find((candidate) => candidate.seconds <= toGo) ?? CLOCK_JUMPS[CLOCK_JUMPS.length - 1]!;
    await pressClockJump(page, jump.label);
    if (untilExtended && (await lifeLeftSeconds(agentId)) > left) return;
  }
  expect(await lifeLeftSeconds(agentId)).toBeLessThanOrEqual(seconds);
}

/** Advances the chain clock until the twin's battery has run out. */
export const runOutBattery = (page: Page, agentId: string) => advanceUntilLeft(page, agentId, 0);
