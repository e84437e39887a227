import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootstrapLocalChain } from '@fartwin/contracts/deployment';
import { getFreePort, type RunningAnvil, type RunningPostgres, startAnvil, startPostgres } from '@fartwin/localstack';
import { apiPaths } from '@fartwin/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * The bot service as it runs in production, a process of its own (src/main.ts), under load while its
 * Postgres drops every connection and then restarts (issue 16): it stays up, answers 503 while the
 * database is away, serves again by itself, and logs every line as one JSON object.
 */
describe('the server process through a Postgres restart', () => {
  let dataDir: string;
  let pgPort: number;
  let postgres: RunningPostgres;
  let anvil: RunningAnvil;
  let server: ChildProcess;
  let baseUrl: string;
  const logLines: string[] = [];
  let exited: number | null = null;

  const startOwnPostgres = async () => {
    postgres = await startPostgres({ dataDir: join(dataDir, 'pg'), port: pgPort, persistent: true });
  };
  const status = async (path: string) => {
    try {
      return (await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(15_000) })).status;
    } catch {
      return 0;
    }
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fartwin-server-process-'));
    pgPort = await getFreePort();
    await startOwnPostgres();
    const databaseUrl = await postgres.createDatabase('fartwin_process');
    anvil = await startAnvil();
    const deploymentFile = join(dataDir, 'deployment.json');
    await bootstrapLocalChain({ rpcUrl: anvil.rpcUrl, deploymentFile });
    // A built mini-app stands in: without one, the static route warns outside the JSON log.
    const miniappDist = join(dataDir, 'miniapp');
    mkdirSync(miniappDist);
    writeFileSync(join(miniappDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    const port = await getFreePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        FARTWIN_MODE: 'local',
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        DATABASE_URL: databaseUrl,
        CHAIN_RPC_URL: anvil.rpcUrl,
        DEPLOYMENT_FILE: deploymentFile,
        MINIAPP_DIST: miniappDist,
        LOG_LEVEL: 'warn',
        REQUEST_BUDGET_SECONDS: '5',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => logLines.push(...chunk.toString().split('\n').filter(Boolean));
    server.stdout?.on('data', collect);
    server.stderr?.on('data', collect);
    server.once('exit', (code) => {
      exited = code ?? -1;
    });
    await vi.waitFor(async () => expect(await status('/health/live')).toBe(200), { timeout: 60_000, interval: 250 });
  }, 180_000);
  afterAll(async () => {
    if (exited === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await anvil?.stop();
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stays up while every connection is cut and Postgres restarts under load, and serves again by itself', async () => {
    // Load: directory reads, all the time, alongside the server's own jobs (sample twins deploying,
    // ticks of the life watch and the local firehose).
    let loading = true;
    const seen = new Set<number>();
    const load = (async () => {
      while (loading) seen.add(await status(apiPaths.agents));
    })();

    const admin = new pg.Client({ connectionString: postgres.connectionString() });
    await admin.connect();
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'fartwin_process' and pid <> pg_backend_pid()",
    );
    await admin.end();
    await vi.waitFor(async () => expect(await status(apiPaths.agents)).toBe(200), { timeout: 30_000, interval: 250 });

    await postgres.stop();
    await vi.waitFor(async () => expect(await status(apiPaths.agents)).toBe(503), { timeout: 30_000, interval: 250 });
    expect(exited).toBeNull();
    await startOwnPostgres();
    await vi.waitFor(async () => expect(await status(apiPaths.agents)).toBe(200), { timeout: 60_000, interval: 250 });
    loading = false;
    await load;

    expect(exited).toBeNull();
    expect(await status('/health/live')).toBe(200);
    // Under load the answers were 200 or 503, never a 500 or a dropped connection.
    expect([...seen].filter((code) => code !== 200 && code !== 503)).toEqual([]);
    // Every log line is one JSON object (no dumped pg client spread over lines), none from a crash.
    for (const line of logLines) expect(() => JSON.parse(line), line.slice(0, 200)).not.toThrow();
    expect(logLines.filter((line) => JSON.parse(line).level >= 60)).toEqual([]);
  });
});
