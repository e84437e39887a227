import {
  AGENT_ACTION_DEFAULTS,
  type AgentActionKey,
  type AgentActions,
  type AgentActionsUpdate,
  OWNER_CONTROL_DEFAULTS,
  type OwnerControls,
  type OwnerControlsUpdate,
} from '@fartwin/protocol';
import { type Selectable, sql } from 'kysely';
import { knownClockSeconds } from '../platform/chain/life-index-state.ts';
import type { Db } from '../platform/db/database.ts';
import type { AgentActionsTable } from '../platform/db/schema.ts';
import type { ScheduleStream } from './schedule.ts';
import { setSchedule } from './schedule-store.ts';

/** Each switch's column. */
const COLUMNS = {
  replyOnFarcaster: 'reply_on_farcaster',
  replyToDirectMessages: 'reply_to_direct_messages',
  contentWriter: 'content_writer',
  notifications: 'notifications',
} as const satisfies Record<AgentActionKey, keyof AgentActionsTable>;

/** The switches that run on a schedule, with the column keeping when each went on. */
export type ScheduledAction = 'contentWriter' | 'notifications';
/** The schedule (schedule.ts) each switch runs. */
const SCHEDULE_STREAMS = { contentWriter: 'post', notifications: 'digest' } as const satisfies Record<
  ScheduledAction,
  ScheduleStream
>;
const SINCE_COLUMNS = {
  contentWriter: 'content_writer_since',
  notifications: 'notifications_since',
} as const satisfies Record<ScheduledAction, keyof AgentActionsTable>;

type ActionsRow = Pick<Selectable<AgentActionsTable>, (typeof COLUMNS)[AgentActionKey]>;

function toActions(row: ActionsRow): AgentActions {
  return {
    replyOnFarcaster: row.reply_on_farcaster,
    replyToDirectMessages: row.reply_to_direct_messages,
    contentWriter: row.content_writer,
    notifications: row.notifications,
  };
}

/** A twin's first row: these switches, the schedules that are on starting `now`. */
function newRow(agentId: string, actions: AgentActions, now: number) {
  return {
    agent_id: agentId,
    reply_on_farcaster: actions.replyOnFarcaster,
    reply_to_direct_messages: actions.replyToDirectMessages,
    content_writer: actions.contentWriter,
    notifications: actions.notifications,
    content_writer_since: actions.contentWriter ? now : null,
    notifications_since: actions.notifications ? now : null,
  };
}

/** The actions of each twin asked for; a twin without a row (never changed) has the defaults. */
export async function agentActionsFor(db: Db, agentIds: readonly string[]): Promise<Map<string, AgentActions>> {
  const actions = new Map(agentIds.map((agentId) => [agentId, { ...AGENT_ACTION_DEFAULTS }]));
  if (agentIds.length === 0) return actions;
  const rows = await db
    .selectFrom('agent_actions')
    .select(['agent_id', ...Object.values(COLUMNS)])
    .where(sql<boolean>`agent_id = any(${[...new Set(agentIds)]}::text[])`)
    .execute();
  for (const row of rows) actions.set(row.agent_id, toActions(row));
  return actions;
}

/** One twin's actions (its defaults when it has no row). */
export async function agentActionsOf(db: Db, agentId: string): Promise<AgentActions> {
  return (await agentActionsFor(db, [agentId])).get(agentId)!;
}

/**
 * Applies a change to a twin's actions and answers the saved state. One upsert, so two changes at
 * once never lose each other's switch. A schedule turned on starts at the schedules' clock
 * (`knownClockSeconds`), so it does not catch up on slots from before; turned off, it forgets.
 * The twin must exist (the row references it). The twin's schedule rows change with it.
 */
export async function updateAgentActions(db: Db, agentId: string, update: AgentActionsUpdate): Promise<AgentActions> {
  const now = await knownClockSeconds(db);
  const fresh = { ...AGENT_ACTION_DEFAULTS, ...update };
  const changedColumns = (Object.keys(update) as AgentActionKey[]).map((key) => COLUMNS[key]);
  const changedSchedules = (Object.keys(SINCE_COLUMNS) as ScheduledAction[]).filter((key) => key in update);

  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('agent_actions')
      .values(newRow(agentId, fresh, now))
      .onConflict((conflict) =>
        conflict.column('agent_id').doUpdateSet((eb) => ({
          ...Object.fromEntries(changedColumns.map((column) => [column, eb.ref(`excluded.${column}`)])),
          // Off: null. Already on: unchanged. Off to on: now (the inserted value).
          ...Object.fromEntries(
            changedSchedules.map((key) => {
              const column = COLUMNS[key];
              const since = SINCE_COLUMNS[key];
              return [
                since,
                sql<number | null>`case
                  when not excluded.${sql.ref(column)} then null
                  when agent_actions.${sql.ref(column)} then agent_actions.${sql.ref(since)}
                  else excluded.${sql.ref(since)} end`,
              ];
            }),
          ),
          updated_at: sql<Date>`now()`,
        })),
      )
      .returning([...Object.values(COLUMNS), ...Object.values(SINCE_COLUMNS)])
      .executeTakeFirstOrThrow();
    // The schedules' tick reads twin_schedules: kept in step with the switches in this transaction.
    for (const key of changedSchedules) {
      const on = row[COLUMNS[key]];
      await setSchedule(trx, agentId, SCHEDULE_STREAMS[key], on ? (row[SINCE_COLUMNS[key]] ?? now) : null);
    }
    return toActions(row);
  });
}

/** Everything the owner set for a twin, read in one statement, per write (no cache: every replica sees a change at once). */
export async function twinSwitchesOf(db: Db, agentId: string): Promise<TwinSwitches> {
  return twinSwitchesFrom(await twinSwitchesQuery(db, agentId).executeTakeFirst());
}

/**
 * A twin's switches, its one row: its actions (the wire's AgentActions: the four /info switches) and
 * its owner's controls (the wire's OwnerControls: pause and ask me first).
 */
export interface TwinSwitches {
  actions: AgentActions;
  controls: OwnerControls;
}

/** The row twinSwitchesOf reads, as a query (a reply reads it within its one statement: twin-actions/reply-gate.ts). */
export function twinSwitchesQuery(db: Db, agentId: string) {
  return db
    .selectFrom('agent_actions')
    .select([...Object.values(COLUMNS), 'paused', 'posts_ask_first', 'replies_ask_first'])
    .where('agent_id', '=', agentId);
}

type TwinSwitchesRow = Awaited<ReturnType<ReturnType<typeof twinSwitchesQuery>['executeTakeFirstOrThrow']>>;

/** The switches from their row; a twin without one has the /info defaults. */
export function twinSwitchesFrom(row: TwinSwitchesRow | null | undefined): TwinSwitches {
  if (!row) return { actions: { ...AGENT_ACTION_DEFAULTS }, controls: structuredClone(OWNER_CONTROL_DEFAULTS) };
  return {
    actions: toActions(row),
    controls: { paused: row.paused, askFirst: { posts: row.posts_ask_first, replies: row.replies_ask_first } },
  };
}

/** Changes pause and "ask me first"; one upsert (a twin without a row keeps the /info defaults). */
export async function updateOwnerControls(
  db: Db,
  agentId: string,
  update: OwnerControlsUpdate,
): Promise<OwnerControls> {
  const columns = {
    ...(update.paused !== undefined ? { paused: update.paused } : {}),
    ...(update.askFirst?.posts !== undefined ? { posts_ask_first: update.askFirst.posts } : {}),
    ...(update.askFirst?.replies !== undefined ? { replies_ask_first: update.askFirst.replies } : {}),
  };
  const now = await knownClockSeconds(db);
  const row = await db
    .insertInto('agent_actions')
    .values({ ...newRow(agentId, AGENT_ACTION_DEFAULTS, now), ...columns })
    .onConflict((conflict) => conflict.column('agent_id').doUpdateSet({ ...columns, updated_at: sql<Date>`now()` }))
    .returning(['paused', 'posts_ask_first', 'replies_ask_first'])
    .executeTakeFirstOrThrow();
  return { paused: row.paused, askFirst: { posts: row.posts_ask_first, replies: row.replies_ask_first } };
}
