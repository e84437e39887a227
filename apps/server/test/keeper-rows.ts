import type { Insertable } from 'kysely';
import { keeperKey } from '../src/economy/keeper-spends.ts';
import type { OutboxTransactionsTable } from '../src/platform/db/schema.ts';

/** A fee keeper step as a test writes it: the twin, period and step, who signs it, where it goes. */
export interface KeeperStepRow {
  agent_id: string;
  period: string;
  step: string;
  sender: string;
  to_address: string;
  call_data?: string;
  value_wei?: string;
  status?: string;
  raw_tx?: string | null;
  tx_hash?: string | null;
  error?: string | null;
  weth_wei?: string | null;
  usdc?: string | null;
  token_amount?: string | null;
  created_at?: Date;
}

/** The step as the outbox records it (keeper-spends.ts): its key, signer and call. */
export function keeperStep(row: KeeperStepRow): Insertable<OutboxTransactionsTable> {
  const { sender, to_address, status, ...rest } = row;
  return {
    ...rest,
    ...(status ? { status: status as OutboxTransactionsTable['status']['__insert__'] } : {}),
    kind: 'keeper',
    key: keeperKey({ agentId: row.agent_id, period: row.period, step: row.step }),
    signer: sender.toLowerCase(),
    tx_to: to_address,
    expires_at: new Date(Date.now() + 2 * 24 * 3600 * 1000),
  };
}
