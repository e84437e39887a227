import type { DirectMessage } from '@fartwin/protocol';
import type { Selectable } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import type { LocalDirectMessagesTable } from '../platform/db/schema.ts';
import type { DirectMessages } from '../platform/providers/direct-messages.ts';

function toDirectMessage(row: Selectable<LocalDirectMessagesTable>): DirectMessage {
  return {
    id: row.id,
    fromFid: row.from_fid,
    toFid: row.to_fid,
    text: row.text,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Sends a direct message in the local network. With an idempotency key (a twin's answer), the same
 * key gives the same message, once.
 */
export async function sendLocalDirectMessage(
  db: Db,
  message: { fromFid: number; toFid: number; text: string; idempotencyKey?: string },
): Promise<DirectMessage> {
  const values = {
    from_fid: message.fromFid,
    to_fid: message.toFid,
    text: message.text,
    idempotency_key: message.idempotencyKey ?? null,
  };
  const inserted = await db
    .insertInto('local_direct_messages')
    .values(values)
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return toDirectMessage(inserted);
  const existing = await db
    .selectFrom('local_direct_messages')
    .selectAll()
    .where('idempotency_key', '=', message.idempotencyKey ?? '')
    .executeTakeFirstOrThrow();
  return toDirectMessage(existing);
}

/** The conversation between two accounts, oldest first: the last `limit` messages. */
export async function localConversation(db: Db, fid: number, other: number, limit: number): Promise<DirectMessage[]> {
  const rows = await db
    .selectFrom('local_direct_messages')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('from_fid', '=', fid), eb('to_fid', '=', other)]),
        eb.and([eb('from_fid', '=', other), eb('to_fid', '=', fid)]),
      ]),
    )
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map(toDirectMessage);
}

/** One message by id; null when there is none. */
export async function findLocalDirectMessage(db: Db, id: number): Promise<DirectMessage | null> {
  const row = await db.selectFrom('local_direct_messages').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toDirectMessage(row) : null;
}

/** Direct messages as the twins use them, on the local network. */
export function localDirectMessages(db: Db): DirectMessages {
  return {
    available: true,
    async send(request) {
      const message = await sendLocalDirectMessage(db, request);
      return String(message.id);
    },
    async conversation(fid, otherFid, limit) {
      const messages = await localConversation(db, fid, otherFid, limit);
      return messages.map((message) => ({ id: String(message.id), fromFid: message.fromFid, text: message.text }));
    },
  };
}
