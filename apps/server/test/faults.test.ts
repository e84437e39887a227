import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getFreePort, type RunningPostgres, startPostgres } from '@fartwin/localstack';
import { agentsResponseSchema, apiPaths, errorBodySchema, healthResponseSchema } from '@fartwin/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/platform/db/database.ts';
import { loggedError } from '../src/platform/logging/logger.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createTwin, twinAgentId } from './twins.ts';

/**
 * Faults survived: a Postgres of this test's own, whose connections are cut and which is
 * stopped and started again under the running app. An unhandled 'error' from pg would fail the run.
 */
describe('the database goes away and comes back', () => {
  let dataDir: string;
  let port: number;
  let postgres: RunningPostgres;
  let server: TestServer;
  const startOwnPostgres = async () => {
    postgres = await startPostgres({ dataDir: join(dataDir, 'pg'), port, persistent: true });
  };
  const directory = () => server.app.request(`${apiPaths.agents}?limit=50`);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fartwin-faults-'));
    port = await getFreePort();
    await startOwnPostgres();
    server = await startTestServer(
      // A request that stalls is answered within a second.
      { REQUEST_BUDGET_SECONDS: '1' },
      {},
      { databaseUrl: await postgres.createDatabase('faults') },
    );
    // This process checks the HTTP answers. pg-boss 10 completes finished jobs without awaiting, so a
    // connection cut then rejects a promise nobody can catch: the server's process handles that
    // (logging/last-resort.ts, tested in server-process.test.ts), this test runner would report it.
    await server.jobs.stop({ graceful: true, wait: true });
    await seedLocalNetwork(server.db, server.config.publicUrl);
    await createTwin(server.db, 1001);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('connections terminated by the administrator (a failover) are replaced, and the next request is served', async () => {
    expect((await directory()).status).toBe(200);
    const admin = new pg.Client({ connectionString: postgres.connectionString() });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ terminated: boolean }>(
        `select pg_terminate_backend(pid) as terminated from pg_stat_activity
          where datname = 'faults' and pid <> pg_backend_pid()`,
      );
      // The app's pool, its job queue's pool and any advisory-lock connection were all cut.
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    const response = await directory();
    expect(response.status).toBe(200);
    expect(agentsResponseSchema.parse(await response.json()).agents.map((twin) => twin.agentId)).toEqual([
      twinAgentId('lowcaps-dev'),
    ]);
  });

  it('a connection that broke between its checkout and its query reads as the database being away, not a bug', async () => {
    // The race a pooled client can lose under a failover: its backend is cut after the pool handed it out.
    const client = new pg.Client({ connectionString: postgres.connectionString('faults') });
    await client.connect();
    const broke = new Promise((resolve) => client.on('error', resolve));
    const admin = new pg.Client({ connectionString: postgres.connectionString() });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [(client as unknown as { processID: number }).processID]);
    await admin.end();
    await broke;
    const error = await client.query('select 1').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('a statement that stalls (a table locked by someone else) answers 504 with a code within the budget', async () => {
    const locker = new pg.Client({ connectionString: postgres.connectionString('faults') });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table agents in access exclusive mode');
      const stalled = await directory();
      expect(stalled.status).toBe(504);
      expect(errorBodySchema.parse(await stalled.json())).toEqual({
        code: 'timeout',
        error: 'This took longer than it should. Please try again in a moment.',
      });
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    expect((await directory()).status).toBe(200);
  });

  it('while Postgres is down every request answers 503 JSON with a code, and service resumes by itself', async () => {
    await postgres.stop();

    const away = await directory();
    expect(away.status).toBe(503);
    expect(away.headers.get('retry-after')).toBe('5');
    expect(errorBodySchema.parse(await away.json())).toEqual({
      code: 'database_unavailable',
      error: 'Fartwin cannot reach its database right now. Please try again in a moment.',
    });
    const byFid = await server.app.request(apiPaths.agentsByFid(1001));
    expect(byFid.status).toBe(503);
    const health = await server.app.request('/health');
    expect(health.status).toBe(503);
    expect(healthResponseSchema.parse(await health.json()).database).toEqual({ ok: false, detail: 'unreachable' });

    await startOwnPostgres();
    const back = await directory();
    expect(back.status).toBe(200);
    // Nothing stored was lost.
    expect(agentsResponseSchema.parse(await back.json()).agents.map((twin) => twin.agentId)).toEqual([
      twinAgentId('lowcaps-dev'),
    ]);
    expect((await server.app.request('/health')).status).not.toBe(500);
  });
});

describe('errors in the log', () => {
  it('are one entry of type, message, code and stack, never the objects a driver hangs on them', () => {
    const error = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      client: { connectionParameters: { password: 'secret' }, socket: {} },
    });
    const logged = loggedError(new Error('query failed', { cause: error }));
    expect(logged).toEqual({
      type: 'Error',
      message: 'query failed',
      stack: expect.stringContaining('query failed'),
      cause: {
        type: 'Error',
        message: 'terminating connection due to administrator command',
        code: '57P01',
        stack: expect.any(String),
      },
    });
    expect(JSON.stringify(logged)).not.toContain('secret');
  });
});
