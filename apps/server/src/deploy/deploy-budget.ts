import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { HttpError } from '../platform/http/errors.ts';

/**
 * The operator's daily spending cap: each new twin costs a Farcaster account, gas and its first
 * battery. A user who already has a deployment (one being retried) is not new spending and passes.
 */
export async function assertDeployBudgetLeft(db: Db, ownerFid: number, maxPerDay: number): Promise<void> {
  const existing = await db
    .selectFrom('deployments')
    .select('owner_fid')
    .where('owner_fid', '=', ownerFid)
    .executeTakeFirst();
  if (existing) return;
  const { started } = await db
    .selectFrom('deployments')
    .select((eb) => eb.fn.countAll<string>().as('started'))
    .where('created_at', '>', sql<Date>`now() - interval '24 hours'`)
    .executeTakeFirstOrThrow();
  if (Number(started) >= maxPerDay) {
    throw new HttpError(
      503,
      'daily_deploy_limit',
      'Fartwin has created as many new twins as it can for today. Please try again tomorrow.',
      { 'retry-after': '3600' },
    );
  }
}
