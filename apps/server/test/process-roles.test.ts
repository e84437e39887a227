import { agentsResponseSchema, apiPaths } from '@fartwin/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_TWIN_OWNERS } from '../src/deploy/sample-twins.ts';
import {
  expectCleanLog,
  type ProcessStack,
  type ServerProcess,
  startProcessStack,
  startServerProcess,
} from './server-process.ts';

/**
 * FARTWIN_ROLE splits the service: API processes answer requests and queue jobs, worker processes
 * work the queues. Side by side on one database, the API answers while the worker does the jobs, and
 * no job is worked before a worker is there.
 */
describe('an API process and a worker process side by side', () => {
  let stack: ProcessStack;
  let api: ServerProcess;
  let worker: ServerProcess | undefined;

  beforeAll(async () => {
    stack = await startProcessStack('process-roles');
    // Local mode's first start queues the sample twins' deploys: jobs with nobody to work them yet.
    api = await startServerProcess(stack, { FARTWIN_ROLE: 'api' });
  }, 180_000);
  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await stack?.stop();
  });

  it('answers from the API process while only the worker process works the jobs', async () => {
    const listed = async () =>
      agentsResponseSchema.parse(await (await api.request(apiPaths.agents)).json()).agents.map((twin) => twin.name);
    expect(await listed()).toEqual([]);

    const admin = new pg.Client({ connectionString: stack.databaseUrl });
    await admin.connect();
    try {
      const jobs = async (sql: string) => (await admin.query(sql)).rows;
      // The sample twins' job was queued before the API process answered its first probe.
      expect(await jobs("select state from pgboss.job where name = 'sample-twins'")).toEqual([{ state: 'created' }]);
      const [{ now: workerStarting }] = await jobs('select now()');

      worker = await startServerProcess(stack, { FARTWIN_ROLE: 'worker' });
      expect(await worker.status('/health/live')).toBe(200);
      // A worker takes no requests but its probes.
      expect(await worker.status(apiPaths.agents)).toBe(404);

      // The worker deploys the sample twins; the API process lists them.
      await vi.waitFor(async () => expect(await listed()).toHaveLength(SAMPLE_TWIN_OWNERS.length), {
        timeout: 150_000,
        interval: 500,
      });
      // Every job that ran started after the worker came: the API process, up all along, worked none.
      const started = await jobs(
        "select name, started_on from pgboss.job where name in ('sample-twins', 'deploy-twin') and started_on is not null",
      );
      expect(started.map((job) => job.name)).toEqual(expect.arrayContaining(['sample-twins', 'deploy-twin']));
      for (const job of started) expect(job.started_on.getTime()).toBeGreaterThanOrEqual(workerStarting.getTime());
    } finally {
      await admin.end();
    }
    expect(api.exitCode()).toBeNull();
    expect(worker.exitCode()).toBeNull();
    expectCleanLog(api.logLines);
    expectCleanLog(worker.logLines);
  }, 240_000);
});
