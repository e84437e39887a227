import { sql } from 'kysely';
import type { Db } from '../src/platform/db/database.ts';

/** Postgres' lock_not_available: `nowait` found the row held. */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Whether another signing of `address` could take its outbox signer row right now (`for update
 * nowait`, let go at once): false while a signing holds it.
 */
export async function signerRowFree(db: Db, address: `0x${string}`): Promise<boolean> {
  try {
    await db
      .transaction()
      .execute((trx) =>
        sql`select 1 from outbox_signers where address = ${address.toLowerCase()} for update nowait`.execute(trx),
      );
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return false;
    throw error;
  }
}
