import {
  agentsByFidResponseSchema,
  agentsResponseSchema,
  apiPaths,
  chatStreamEvents,
  errorBodySchema,
  healthReadySchema,
} from '@fartwin/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appDomain } from '../src/auth/app-domain.ts';
import { tokenFor } from './quick-auth-client.ts';
import {
  expectCleanLog,
  type ProcessStack,
  type ServerProcess,
  startProcessStack,
  startServerProcess,
} from './server-process.ts';

/** A sample twin's owner (local mode deploys the sample twins at start-up). */
const OWNER = 1001;

/**
 * The bot service as it runs in production, a process of its own (src/main.ts), through faults of
 * what it depends on: its Postgres drops every connection and then restarts under load;
 * its chain freezes, then dies and comes back. It stays up, answers within its budgets (503/504
 * with a code, or a chat's SSE error), serves again by itself, and logs every line as one JSON object.
 */
describe('the server process through faults of its database and chain', () => {
  let stack: ProcessStack;
  let server: ServerProcess;

  beforeAll(async () => {
    stack = await startProcessStack('server-process');
    server = await startServerProcess(stack, {
      REQUEST_BUDGET_SECONDS: '5',
      CHAT_BUDGET_SECONDS: '8',
      CHAT_STALL_SECONDS: '4',
      LIFE_WATCH_INTERVAL_SECONDS: '1',
    });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await stack?.stop();
  });

  it('stays up while every connection is cut and Postgres restarts under load, and serves again by itself', async () => {
    // Load: directory reads, all the time, alongside the server's own jobs (sample twins deploying,
    // ticks of the life watch and the local firehose).
    let loading = true;
    const seen = new Set<number>();
    const load = (async () => {
      while (loading) seen.add(await server.status(apiPaths.agents));
    })();

    const admin = new pg.Client({ connectionString: stack.postgres.connectionString() });
    await admin.connect();
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'server_process' and pid <> pg_backend_pid()",
    );
    await admin.end();
    await vi.waitFor(async () => expect(await server.status(apiPaths.agents)).toBe(200), {
      timeout: 30_000,
      interval: 250,
    });

    await stack.postgres.stop();
    await vi.waitFor(async () => expect(await server.status(apiPaths.agents)).toBe(503), {
      timeout: 30_000,
      interval: 250,
    });
    expect(server.exitCode()).toBeNull();
    await stack.startPostgres();
    await vi.waitFor(async () => expect(await server.status(apiPaths.agents)).toBe(200), {
      timeout: 60_000,
      interval: 250,
    });
    loading = false;
    await load;

    expect(server.exitCode()).toBeNull();
    expect(await server.status('/health/live')).toBe(200);
    // Under load the answers were 200 or 503, never a 500 or a dropped connection.
    // (On failure, the errors the server logged name the cause.)
    const errors = server.logLines.filter((line) => line.includes('"level":50')).join('\n');
    expect(
      [...seen].filter((code) => code !== 200 && code !== 503),
      errors,
    ).toEqual([]);
    expectCleanLog(server.logLines);
  }, 180_000);

  it('answers within its budgets while the chain is frozen and while it is dead, and works again once it is back', async () => {
    // The sample twin's deploy (at start-up) has finished.
    const twinOf = async () => {
      const response = await server.request(apiPaths.agentsByFid(OWNER));
      return agentsByFidResponseSchema.parse(await response.json()).agents[0];
    };
    await vi.waitFor(async () => expect(await twinOf()).toBeDefined(), { timeout: 120_000, interval: 500 });
    const twin = (await twinOf())!;
    const listed = async () =>
      agentsResponseSchema
        .parse(await (await server.request(apiPaths.agents)).json())
        .agents.map((twin) => twin.agentId);
    // A directory page is kept up to DIRECTORY_CACHE_MS: one kept just before the deploy finished
    // (the first test's load) does not list the twin yet.
    await vi.waitFor(async () => expect(await listed()).toContain(twin.agentId), { timeout: 10_000, interval: 250 });
    const token = await tokenFor(server.request, OWNER, appDomain(server.baseUrl));

    /** A chat message, streamed: the whole reply (`done`), or the stream's `error` event, or an error answer with a code. */
    const chat = async () => {
      const response = await server.request(apiPaths.chat(twin.agentId), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ conversation: 'Are you still there?', fid: OWNER }),
      });
      if (response.status !== 200)
        return `HTTP ${response.status} ${errorBodySchema.parse(await response.json()).code}`;
      const events = [...(await response.text()).matchAll(/^event: (\w+)$/gm)].map((match) => match[1]);
      return events.at(-1);
    };
    /** What users see while the chain is away: every answer comes (the request's 15 s signal is the bound). */
    const expectServedWithoutChain = async () => {
      const directory = await server.request(apiPaths.agents);
      expect(directory.status).toBe(200);
      expect(agentsResponseSchema.parse(await directory.json()).agents.map((twin) => twin.agentId)).toContain(
        twin.agentId,
      );
      const page = await server.request(`/agent/${twin.agentId}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`/agent/${twin.agentId}`);
      expect((await server.request(apiPaths.agentsByFid(OWNER))).status).toBe(200);
      // The reply needs no chain (lives come from the index): it comes, or the stream says why not.
      expect([chatStreamEvents.done, chatStreamEvents.error]).toContain(await chat());
      const ready = await server.request('/health/ready');
      expect(ready.status).toBe(503);
      expect(healthReadySchema.parse(await ready.json()).chain.ok).toBe(false);
      expect(server.exitCode()).toBeNull();
    };

    expect(await chat()).toBe(chatStreamEvents.done);
    stack.anvil.pause();
    try {
      await expectServedWithoutChain();
    } finally {
      stack.anvil.resume();
    }
    await stack.anvil.stop();
    await expectServedWithoutChain();

    await stack.startChain();
    await vi.waitFor(async () => expect((await server.request('/health/ready')).status).toBe(200), {
      timeout: 60_000,
      interval: 500,
    });
    expect(await chat()).toBe(chatStreamEvents.done);
    expect(server.exitCode()).toBeNull();
    expectCleanLog(server.logLines);
  }, 240_000);
});
