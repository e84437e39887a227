import type { FeeKeeperSummary, KeeperTransaction } from '@fartwin/protocol';
import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';

/** The keeper's step names, as the wallet view tells them apart. */
function kindOf(step: string): KeeperTransaction['kind'] {
  if (step.startsWith('claim-')) return 'fee-claim';
  if (step.startsWith('approve-')) return 'approval';
  if (step === 'gas-advance' || step === 'gas-repayment' || step === 'unwrap' || step === 'swap' || step === 'battery')
    return step;
  // A step this reader does not know yet is still listed, as what it most likely is: an approval.
  return 'approval';
}

/** The fee keeper's last transactions for a twin, newest first, at most `limit`. */
export async function keeperTransactions(db: Db, agentId: string, limit: number): Promise<KeeperTransaction[]> {
  const rows = await db
    .selectFrom('outbox_transactions')
    .select([
      'id',
      'period',
      'step',
      'status',
      'tx_to',
      'value_wei',
      'weth_wei',
      'usdc',
      'token_amount',
      'tx_hash',
      'error',
      'created_at',
    ])
    .where('kind', '=', 'keeper')
    .where('agent_id', '=', agentId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    kind: kindOf(row.step ?? ''),
    period: row.period ?? '',
    to: row.tx_to.toLowerCase() as `0x${string}`,
    amounts: {
      ethWei: row.value_wei === '0' ? null : row.value_wei,
      wethWei: row.weth_wei,
      usdc: row.usdc,
      token: row.token_amount,
    },
    status: row.status,
    txHash: row.tx_hash,
    error: row.error,
    createdAt: row.created_at.toISOString(),
  }));
}

/** The keeper's confirmed claims and spends for a twin, added up in one statement. */
export async function keeperSummary(db: Db, agentId: string): Promise<FeeKeeperSummary> {
  const { rows } = await sql<Record<string, string>>`
    select
      coalesce(sum(weth_wei) filter (where step like 'claim-%'), 0)::text as claimed_weth,
      coalesce(sum(token_amount) filter (where step like 'claim-%'), 0)::text as claimed_token,
      coalesce(sum(weth_wei) filter (where step = 'swap'), 0)::text as swapped_weth,
      coalesce(sum(usdc) filter (where step = 'swap'), 0)::text as swapped_usdc,
      coalesce(sum(value_wei) filter (where step = 'gas-advance'), 0)::text as gas_advance,
      coalesce(sum(weth_wei) filter (where step = 'unwrap'), 0)::text as unwrapped,
      count(*) filter (where step = 'battery')::text as batteries,
      coalesce(sum(usdc) filter (where step = 'battery'), 0)::text as batteries_usdc
    from outbox_transactions
    where kind = 'keeper' and agent_id = ${agentId} and status = 'confirmed'`.execute(db);
  const row = rows[0]!;
  return {
    claimed: { wethWei: row.claimed_weth!, token: row.claimed_token! },
    swapped: { wethWei: row.swapped_weth!, usdc: row.swapped_usdc! },
    spent: {
      gasAdvanceWei: row.gas_advance!,
      unwrappedWei: row.unwrapped!,
      batteries: Number(row.batteries),
      batteriesUsdc: row.batteries_usdc!,
    },
  };
}

/**
 * What the twin's wallet owes the operator: the ETH it advanced for the keeper's gas (sent or
 * confirmed) less what the keeper paid back. Its owner cannot withdraw it (twin-wallet/).
 */
export async function gasAdvanceOwed(db: Db, agentId: string): Promise<bigint> {
  const { owed } = await db
    .selectFrom('outbox_transactions')
    .select(
      sql<string>`coalesce(sum(case when step = 'gas-advance' then value_wei else -value_wei end), 0)::text`.as('owed'),
    )
    .where('kind', '=', 'keeper')
    .where('agent_id', '=', agentId)
    .where('step', 'in', ['gas-advance', 'gas-repayment'])
    .where('status', 'in', ['sent', 'confirmed'])
    .executeTakeFirstOrThrow();
  return BigInt(owed) > 0n ? BigInt(owed) : 0n;
}
