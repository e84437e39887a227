import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootstrapLocalChain } from '@fartwin/contracts/deployment';
import { getFreePort, type RunningAnvil, type RunningPostgres, startAnvil, startPostgres } from '@fartwin/localstack';
import { expect, vi } from 'vitest';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * What the bot service runs on, for tests that run it as a process of its own (src/main.ts): an
 * embedded Postgres and an anvil with the contracts, both of the test's own so it can stop, pause
 * and restart them.
 */
export interface ProcessStack {
  dataDir: string;
  readonly postgres: RunningPostgres;
  readonly anvil: RunningAnvil;
  databaseUrl: string;
  /** The environment every server process on this stack gets. */
  env: Record<string, string>;
  /** Starts Postgres again on its port, from its data directory. */
  startPostgres(): Promise<void>;
  /** Starts the chain again on its port, from its saved state (it is saved every second). */
  startChain(): Promise<void>;
  stop(): Promise<void>;
}

export async function startProcessStack(name: string): Promise<ProcessStack> {
  const dataDir = mkdtempSync(join(tmpdir(), `fartwin-${name}-`));
  const pgPort = await getFreePort();
  const chainState = { stateFile: join(dataDir, 'chain-state.json'), stateIntervalSeconds: 1 };
  let postgres = await startPostgres({ dataDir: join(dataDir, 'pg'), port: pgPort, persistent: true });
  const databaseUrl = await postgres.createDatabase(name.replace(/\W/g, '_'));
  let anvil = await startAnvil(chainState);
  const deploymentFile = join(dataDir, 'deployment.json');
  await bootstrapLocalChain({ rpcUrl: anvil.rpcUrl, deploymentFile });
  // A built mini-app stands in: without one, the static route warns outside the JSON log.
  const miniappDist = join(dataDir, 'miniapp');
  mkdirSync(miniappDist);
  writeFileSync(join(miniappDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  return {
    dataDir,
    get postgres() {
      return postgres;
    },
    get anvil() {
      return anvil;
    },
    databaseUrl,
    env: {
      FARTWIN_MODE: 'local',
      DATABASE_URL: databaseUrl,
      CHAIN_RPC_URL: anvil.rpcUrl,
      DEPLOYMENT_FILE: deploymentFile,
      MINIAPP_DIST: miniappDist,
      LOG_LEVEL: 'warn',
      // Probes see a stopped chain at once rather than after the health checks' reuse window.
      HEALTH_CACHE_MS: '0',
    },
    startPostgres: async () => {
      postgres = await startPostgres({ dataDir: join(dataDir, 'pg'), port: pgPort, persistent: true });
    },
    startChain: async () => {
      anvil = await startAnvil({ port: anvil.port, ...chainState });
    },
    stop: async () => {
      await anvil.stop();
      await postgres.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One bot service process: its URL, every line it logged, and whether it is still running. */
export interface ServerProcess {
  baseUrl: string;
  logLines: string[];
  /** Null while it runs; its exit code (-1 for a signal) once it has gone. */
  exitCode(): number | null;
  /** A request to it; a network failure or a 15 s silence rejects. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** The status of a GET, or 0 when no answer came. */
  status(path: string): Promise<number>;
  /** Kills it at once (SIGKILL): a crash, a node lost. */
  kill(): Promise<void>;
  /** Freezes it (SIGSTOP): it holds its connections and does nothing, as a stalled node. */
  pause(): void;
  /** Lets a paused process run again (SIGCONT). */
  resume(): void;
  /** Stops it as an orchestrator does (SIGTERM), waiting for it to go. */
  stop(): Promise<void>;
}

/** Where a server process starts from: the sources under tsx, or the production bundle. */
const ENTRIES = {
  sources: ['--import', 'tsx', 'src/main.ts'],
  // As production runs it (package.json's start:prod), with no tsx.
  bundle: ['--enable-source-maps', '--max-old-space-size=256', 'dist/main.js'],
} as const;

/** Builds dist/main.js from the sources as they are now (`npm run build -w @fartwin/server`). */
export async function buildServerBundle(): Promise<void> {
  const build = spawn(process.execPath, ['--import', 'tsx', 'build.ts'], { cwd: SERVER_DIR, stdio: 'pipe' });
  let output = '';
  build.stdout.on('data', (chunk: Buffer) => (output += chunk));
  build.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => build.once('exit', resolve));
  if (code !== 0) throw new Error(`the server bundle did not build (exit ${code}):\n${output}`);
}

/** Starts src/main.ts (or the bundle) with the stack's environment and `env`, and waits until it answers /health/live. */
export async function startServerProcess(
  stack: ProcessStack,
  env: Record<string, string> = {},
  options: { port?: number; entry?: keyof typeof ENTRIES } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await getFreePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...ENTRIES[options.entry ?? 'sources']], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...stack.env, PORT: String(port), PUBLIC_URL: baseUrl, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logLines: string[] = [];
  const collect = (chunk: Buffer) => logLines.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code ?? -1;
      resolve();
    }),
  );
  const request = (path: string, init?: RequestInit) =>
    fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(15_000), ...init });
  const status = async (path: string) => {
    try {
      return (await request(path)).status;
    } catch {
      return 0;
    }
  };
  const end = async (signal: NodeJS.Signals) => {
    if (exitCode === null) {
      // A paused process would not act on SIGTERM.
      child.kill('SIGCONT');
      child.kill(signal);
    }
    await exited;
  };
  const failedToStart = exited.then(() => {
    throw new Error(`the server exited with ${exitCode}:\n${logLines.join('\n')}`);
  });
  await Promise.race([
    vi.waitFor(async () => expect(await status('/health/live')).toBe(200), { timeout: 60_000, interval: 250 }),
    failedToStart,
  ]);
  failedToStart.catch(() => {});
  return {
    baseUrl,
    logLines,
    exitCode: () => exitCode,
    request,
    status,
    kill: () => end('SIGKILL'),
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    stop: () => end('SIGTERM'),
  };
}

/** Every log line is one JSON object (no dumped objects spread over lines), none from a crash. */
export function expectCleanLog(logLines: readonly string[]): void {
  for (const line of logLines) expect(() => JSON.parse(line), line.slice(0, 200)).not.toThrow();
  expect(logLines.filter((line) => JSON.parse(line).level >= 60)).toEqual([]);
}
