import { BATTERY_LIFE_SECONDS, BATTERY_PRICE_USDC, type EconomyResponse, type Runway } from '@fartwin/protocol';
import { sql } from 'kysely';
import type { PublicClient } from 'viem';
import type { ContractAddresses } from '../platform/chain/contracts.ts';
import { chainNowSeconds } from '../platform/chain/life.ts';
import type { Db } from '../platform/db/database.ts';
import { quoteWethInUsdc } from './fee-keeper.ts';
import type { FeeLocker } from './fee-locker.ts';

const DAY = 86_400;

/** The owner's switch (on unless turned off). */
export async function payBatteryFromFees(db: Db, agentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('twin_fee_settings')
    .select('pay_battery_from_fees')
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  return row?.pay_battery_from_fees ?? true;
}

export async function setPayBatteryFromFees(db: Db, agentId: string, on: boolean): Promise<boolean> {
  await db
    .insertInto('twin_fee_settings')
    .values({ agent_id: agentId, pay_battery_from_fees: on })
    .onConflict((conflict) =>
      conflict.column('agent_id').doUpdateSet({ pay_battery_from_fees: on, updated_at: sql`now()` }),
    )
    .execute();
  return on;
}

/**
 * At the rate the token has earned since launch, how often a battery's worth comes in: the twin pays
 * its own battery when that is within one battery's life.
 */
export function runwayOf(earnedUsdc: bigint, ageSeconds: number): Runway {
  if (earnedUsdc === 0n) return { kind: 'not-yet' };
  const days = Math.max(1, ageSeconds / DAY);
  const perDay = Number(earnedUsdc) / days;
  const everyDays = Math.max(1, Math.ceil(Number(BATTERY_PRICE_USDC) / perDay));
  return everyDays * DAY <= BATTERY_LIFE_SECONDS ? { kind: 'pays-itself', everyDays } : { kind: 'not-yet' };
}

/** The twin's page's figures: fees earned (sold by the keeper, plus waiting now), batteries it bought, runway. */
export async function twinEconomy(
  deps: { db: Db; chain: PublicClient; feeLocker: FeeLocker; contracts: () => ContractAddresses | null },
  twin: { agentId: string; walletAddress: `0x${string}`; tokenAddress: `0x${string}`; createdAt: Date },
): Promise<EconomyResponse> {
  const { db, chain } = deps;
  const contracts = deps.contracts();
  const [spent, waiting, now, switchOn] = await Promise.all([
    db
      .selectFrom('outbox_transactions')
      .select([
        sql<string>`coalesce(sum(usdc) filter (where step = 'swap'), 0)::text`.as('sold'),
        sql<number>`(count(*) filter (where step = 'battery'))::int`.as('batteries'),
      ])
      .where('kind', '=', 'keeper')
      .where('agent_id', '=', twin.agentId)
      .where('status', '=', 'confirmed')
      .executeTakeFirstOrThrow(),
    contracts ? deps.feeLocker.available({ token: twin.tokenAddress, twinWallet: twin.walletAddress }) : null,
    chainNowSeconds(chain),
    payBatteryFromFees(db, twin.agentId),
  ]);
  const waitingUsdc = contracts && waiting ? await quoteWethInUsdc(chain, contracts, waiting.weth) : 0n;
  const earned = BigInt(spent.sold) + waitingUsdc;
  return {
    agentId: twin.agentId,
    feesEarnedUsdc: earned.toString(),
    batteriesBought: spent.batteries,
    runway: runwayOf(earned, now - Math.floor(twin.createdAt.getTime() / 1000)),
    payBatteryFromFees: switchOn,
  };
}
