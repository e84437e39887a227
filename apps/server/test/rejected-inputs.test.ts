import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/platform/db/database.ts';
import { rejectedInputCounts, skippingUnusableInput } from '../src/platform/logging/rejected-inputs.ts';
import { createTestDatabase } from './harness.ts';

describe('jobs skip and record an input they cannot use', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  const warnings: string[] = [];
  const deps = () => ({ db, logger: pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) }) });
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(() => database?.drop());

  const rows = () =>
    db.selectFrom('rejected_inputs').select(['source', 'key', 'reason', 'excerpt']).orderBy('id').execute();

  it('skips an input holding a NUL before the work runs, records it once with an escaped excerpt, and logs it once', async () => {
    let ran = 0;
    const job = {
      source: 'twin-write' as const,
      key: 'thread-reply:twin:0x\u0000',
      input: { kind: 'thread-reply', cast: { text: `gm${'\u0000'.repeat(3)}${'x'.repeat(500)}` } },
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(await skippingUnusableInput(deps(), job, async () => ++ran)).toBeUndefined();
    }
    expect(ran).toBe(0);
    const [row] = await rows();
    expect(row).toMatchObject({
      source: 'twin-write',
      key: 'thread-reply:twin:0x\\u0000',
      reason: 'cast.text contains a NUL character (U+0000)',
    });
    // Bounded and escaped: no NUL stored, a few dozen characters of the input.
    expect(row!.excerpt).toContain('\\\\u0000');
    expect(row!.excerpt.length).toBeLessThan(200);
    expect(await rows()).toHaveLength(1);
    expect(warnings.filter((line) => line.includes('unusable input skipped'))).toHaveLength(1);
  });

  it('records an input the database refuses as data (class 22) and ends the job, but lets any other failure retry', async () => {
    const refused = await skippingUnusableInput(
      deps(),
      { source: 'notification-retry', key: 'job-1', input: { attempt: 2 } },
      // Postgres itself refuses it: numeric value out of range (22003).
      async () => sql`select 2147483648::int`.execute(db),
    );
    expect(refused).toBeUndefined();
    expect((await rows()).at(-1)).toMatchObject({
      source: 'notification-retry',
      key: 'job-1',
      reason: 'the database refused it (22003)',
    });
    await expect(
      skippingUnusableInput(deps(), { source: 'notification-retry', key: 'job-2', input: {} }, async () => {
        throw new Error('client down');
      }),
    ).rejects.toThrow('client down');
    expect(
      await skippingUnusableInput(deps(), { source: 'twin-write', key: 'ok', input: { text: 'gm' } }, async () => 7),
    ).toBe(7);
    expect(await rejectedInputCounts(db)).toEqual({ 'twin-write': 1, 'notification-retry': 1 });
  });
});
