import type { DeployStepName } from '@fartwin/protocol';
import { type TokenLaunchInfo, tokenLaunchInfoSchema } from '@fartwin/protocol';
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import { z } from 'zod';
import { advisoryLockHeld, LOCK_SPACES } from '../platform/db/advisory-locks.ts';
import type { Db } from '../platform/db/database.ts';
import type { Database, DeploymentsTable } from '../platform/db/schema.ts';
import { type Character, characterSchema } from '../twin-mind/index.ts';

const stepStateSchema = z.object({
  status: z.enum(['pending', 'running', 'done', 'failed']),
  error: z.string().optional(),
  attempts: z.number().int(),
});
export type StepState = z.infer<typeof stepStateSchema>;
const stepsSchema = z.record(z.string(), stepStateSchema);

/** What the steps made, filled in as each one finishes. */
export interface DeploymentOutputs {
  walletAddress: `0x${string}` | null;
  walletKeyCiphertext: string | null;
  twinFid: number | null;
  twinUsername: string | null;
  twinDisplayName: string | null;
  twinPfpUrl: string | null;
  twinSignerId: string | null;
  tokenAddress: `0x${string}` | null;
  tokenSymbol: string | null;
  tokenTxHash: `0x${string}` | null;
  /** The token's CREATE2 salt: drawn and stored before the deploy transaction is sent. */
  tokenSalt: `0x${string}` | null;
  /**
   * What the token says of who launched it, stored with its salt (both are CREATE2 inputs). Null with a
   * salt: a launch recorded before tokens carried it, retried as it was first sent.
   */
  tokenLaunchInfo: TokenLaunchInfo | null;
  batteryTxHash: `0x${string}` | null;
  welcomeCastHash: string | null;
}

export interface DeploymentRecord extends DeploymentOutputs {
  ownerFid: number;
  agentId: string;
  choices: string[];
  character: Character;
  status: 'running' | 'completed' | 'failed';
  steps: Partial<Record<DeployStepName, StepState>>;
  errorType: string | null;
  errorText: string | null;
  updatedAt: Date;
}

const outputColumns = {
  walletAddress: 'wallet_address',
  walletKeyCiphertext: 'wallet_key_ciphertext',
  twinFid: 'twin_fid',
  twinUsername: 'twin_username',
  twinDisplayName: 'twin_display_name',
  twinPfpUrl: 'twin_pfp_url',
  twinSignerId: 'twin_signer_id',
  tokenAddress: 'token_address',
  tokenSymbol: 'token_symbol',
  tokenTxHash: 'token_tx_hash',
  tokenSalt: 'token_salt',
  tokenLaunchInfo: 'token_launch_info',
  batteryTxHash: 'battery_tx_hash',
  welcomeCastHash: 'welcome_cast_hash',
} as const satisfies Record<keyof DeploymentOutputs, keyof DeploymentsTable>;

/** Outputs as the columns take them: objects (jsonb columns) as JSON. */
function outputValues(outputs: Partial<DeploymentOutputs>) {
  return Object.fromEntries(
    Object.entries(outputs).map(([field, value]) => [
      outputColumns[field as keyof DeploymentOutputs],
      value !== null && typeof value === 'object' ? JSON.stringify(value) : value,
    ]),
  );
}

function toRecord(row: Selectable<DeploymentsTable>): DeploymentRecord {
  const outputs = Object.fromEntries(
    Object.entries(outputColumns).map(([field, column]) => [field, row[column]]),
  ) as unknown as DeploymentOutputs;
  return {
    ...outputs,
    tokenLaunchInfo: tokenLaunchInfoSchema.nullable().parse(row.token_launch_info),
    ownerFid: row.owner_fid,
    agentId: row.agent_id,
    choices: row.choices,
    character: characterSchema.parse(row.character),
    status: row.status,
    steps: stepsSchema.parse(row.steps),
    errorType: row.error_type,
    errorText: row.error_text,
    updatedAt: row.updated_at,
  };
}

/** Starts a user's deployment; false when they already have one (whatever its state). */
export async function createDeployment(
  db: Db,
  deployment: { ownerFid: number; agentId: string; choices: string[]; character: Character },
): Promise<boolean> {
  const inserted = await db
    .insertInto('deployments')
    .values({
      owner_fid: deployment.ownerFid,
      agent_id: deployment.agentId,
      choices: JSON.stringify(deployment.choices),
      character: JSON.stringify(deployment.character),
      status: 'running',
      steps: JSON.stringify({}),
    })
    .onConflict((conflict) => conflict.column('owner_fid').doNothing())
    .returning('owner_fid')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findDeployment(db: Db, ownerFid: number): Promise<DeploymentRecord | null> {
  const row = await db.selectFrom('deployments').selectAll().where('owner_fid', '=', ownerFid).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** A running deployment untouched this long lost its runner (a crash): the next call restarts it. */
const STALE_AFTER_MS = 10 * 60_000;
/**
 * Sooner when no replica holds its runner's lock (the replica running it was killed, or its
 * database session was cut: the lock went with it), after a moment that lets a queued job reach a
 * worker.
 */
const ORPHANED_AFTER_MS = 5_000;

const untouchedFor = (ms: number) => sql<Date>`now() - make_interval(secs => ${ms / 1000})`;

/** Running, and its runner is gone. */
const runnerVanished = (eb: ExpressionBuilder<Database, 'deployments'>) =>
  eb.and([
    eb('status', '=', 'running'),
    eb.or([
      eb('updated_at', '<', untouchedFor(STALE_AFTER_MS)),
      eb.and([
        eb('updated_at', '<', untouchedFor(ORPHANED_AFTER_MS)),
        eb.not(advisoryLockHeld(LOCK_SPACES.deployment, sql.ref('deployments.owner_fid'))),
      ]),
    ]),
  ]);

/**
 * Puts a failed deployment, or one whose runner vanished, back to running. True for the one caller
 * that did it: that caller queues the next attempt.
 */
export async function reopenDeployment(db: Db, ownerFid: number): Promise<boolean> {
  const reopened = await db
    .updateTable('deployments')
    .set({ status: 'running', error_type: null, error_text: null, updated_at: sql`now()` })
    .where('owner_fid', '=', ownerFid)
    .where((eb) => eb.or([eb('status', '=', 'failed'), runnerVanished(eb)]))
    .returning('owner_fid')
    .executeTakeFirst();
  return reopened !== undefined;
}

/** Every deployment whose runner vanished, marked touched: their owners, whose next attempts the caller queues. */
export async function reopenVanishedDeployments(db: Db): Promise<number[]> {
  const rows = await db
    .updateTable('deployments')
    .set({ updated_at: sql`now()` })
    .where(runnerVanished)
    .returning('owner_fid')
    .execute();
  return rows.map((row) => row.owner_fid);
}

/** Records one step's state and, when it finished, what it made. */
export async function updateStep(
  db: Db,
  ownerFid: number,
  step: DeployStepName,
  state: StepState,
  outputs: Partial<DeploymentOutputs> = {},
): Promise<DeploymentRecord> {
  const columns = outputValues(outputs);
  const row = await db
    .updateTable('deployments')
    .set({
      ...columns,
      steps: sql`steps || jsonb_build_object(${step}::text, ${JSON.stringify(state)}::jsonb)`,
      updated_at: sql`now()`,
    })
    .where('owner_fid', '=', ownerFid)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** Marks the attempt failed with what the user is told. */
export async function failDeployment(
  db: Db,
  ownerFid: number,
  failure: { errorType: string; errorText: string },
): Promise<void> {
  await db
    .updateTable('deployments')
    .set({ status: 'failed', error_type: failure.errorType, error_text: failure.errorText, updated_at: sql`now()` })
    .where('owner_fid', '=', ownerFid)
    .execute();
}

export async function setDeploymentStatus(db: Db, ownerFid: number, status: DeploymentRecord['status']): Promise<void> {
  await db
    .updateTable('deployments')
    .set({ status, updated_at: sql`now()` })
    .where('owner_fid', '=', ownerFid)
    .execute();
}

/** Whether any deployment was ever started (the local first-run seeding asks). */
export async function hasAnyDeployment(db: Db): Promise<boolean> {
  const row = await db.selectFrom('deployments').select('owner_fid').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Stores what a step must keep before it sends anything (the token's salt), outside the step's result. */
export async function recordOutputs(db: Db, ownerFid: number, outputs: Partial<DeploymentOutputs>): Promise<void> {
  const columns = outputValues(outputs);
  await db.updateTable('deployments').set(columns).where('owner_fid', '=', ownerFid).execute();
}
