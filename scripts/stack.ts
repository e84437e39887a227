/**
 * `npm start`: the whole product on this machine. Prints one URL to open; Ctrl-C stops it all.
 * State (database, chain, logs) is kept in .data/ between runs; `npm run reset` wipes it.
 */
import { join } from 'node:path';
import { PortInUseError } from '@fartwin/localstack';
import { DEFAULT_PORTS, REPO_ROOT, type RunningStack, startStack } from './stack/start-stack.ts';

const dataDir = join(REPO_ROOT, '.data');
const quiet = process.env.FARTWIN_QUIET === '1';
let stack: RunningStack | undefined;
let stopping = false;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  if (!quiet) console.log('\nStopping…');
  await stack?.stop();
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));

// npm runs this under `sh -c`, which does not pass a SIGTERM sent to npm on to us: when our
// parent goes away, stop everything rather than leave the database and chain running.
const launchedBy = process.ppid;
setInterval(() => {
  if (process.ppid !== launchedBy) void shutdown(0);
}, 1_000).unref();

try {
  stack = await startStack({
    dataDir,
    ports: DEFAULT_PORTS,
    dev: process.argv.includes('--dev'),
    onStep: (message) => {
      if (!quiet) console.log(message);
    },
  });
  console.log(
    `Fartwin is running: open ${stack.devhostUrl}  (API ${stack.serverUrl}, logs in .data/logs, Ctrl-C to stop)`,
  );
  const crashed = await stack.crashed;
  if (!stopping) {
    console.error(`The ${crashed.name} stopped unexpectedly. Last lines of ${crashed.logFile}:\n${crashed.tail()}`);
    await shutdown(1);
  }
} catch (error) {
  console.error(
    error instanceof PortInUseError
      ? error.message
      : `Could not start Fartwin: ${error instanceof Error ? error.message : String(error)}`,
  );
  await shutdown(1);
}
