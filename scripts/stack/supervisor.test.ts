import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres } from '@fartwin/localstack';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningService, startService } from './service.ts';
import { crashReport, createSupervisor } from './supervisor.ts';

const dir = mkdtempSync(join(tmpdir(), 'fartwin-supervisor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A small Node service: prints `line` once it runs, then idles (or ignores SIGTERM when stubborn). */
function service(name: string, line: string, options: { stubborn?: boolean } = {}): RunningService {
  const script = [
    options.stubborn ? "process.on('SIGTERM', () => {});" : '',
    `console.error(${JSON.stringify(line)});`,
    'setInterval(() => {}, 1000);',
  ].join('');
  return startService({
    name,
    nodeArgs: ['-e', script],
    env: {},
    cwd: dir,
    logFile: join(dir, `${name.replace(/\W+/g, '-')}.log`),
  });
}

const running = (service: RunningService) => service.child.exitCode === null && service.child.signalCode === null;
const printed = async (service: RunningService, line: string) => {
  while (!service.tail().includes(line)) await new Promise((resolve) => setTimeout(resolve, 20));
};

/** `npm start` (scripts/stack.ts): a service that dies is named, and the rest are stopped without hanging. */
describe("the launcher's supervision of its services", () => {
  it('names the service that died, with its last words, and stops every other one', async () => {
    const steps: string[] = [];
    const supervisor = createSupervisor({ onStep: (message) => steps.push(message) });
    // Postgres and the chain are not child processes the launcher watches: only stopped.
    let databaseStopped = false;
    supervisor.add({
      name: 'Postgres',
      stop: async () => {
        databaseStopped = true;
      },
    });
    const server = service('the bot service', 'server: listening');
    const devhost = service('the dev host', 'devhost: listening');
    supervisor.add(server);
    supervisor.add(devhost);
    await printed(server, 'server: listening');
    await printed(devhost, 'devhost: listening');

    server.child.kill('SIGKILL');
    const crashed = await supervisor.crashed;
    expect(crashed.name).toBe('the bot service');
    expect(crashReport(crashed)).toBe(
      `The bot service stopped unexpectedly. Last lines of ${server.logFile}:\nserver: listening`,
    );
    await supervisor.stopAll();
    expect(running(devhost)).toBe(false);
    expect(databaseStopped).toBe(true);
    expect(steps).toEqual(['Stopping the dev host…', 'Stopping the bot service…', 'Stopping Postgres…']);
  });

  it('keeps the crash message a service printed as it died, even when it arrives after the exit', async () => {
    const supervisor = createSupervisor();
    // The last words come through the service's output after its process has gone (here from a
    // process it started, which shares its output): the report waits for them.
    const lastWords = "setTimeout(() => console.error('Server failed to start: the database said no'), 300)";
    const dying = startService({
      name: 'the bot service',
      nodeArgs: [
        '-e',
        `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(lastWords)}], { stdio: 'inherit' }); process.exit(1);`,
      ],
      env: {},
      cwd: dir,
      logFile: join(dir, 'dying.log'),
    });
    supervisor.add(dying);
    const crashed = await supervisor.crashed;
    expect(crashReport(crashed)).toContain('Server failed to start: the database said no');
    await supervisor.stopAll();
  });

  it('does not hang on a service that will not stop: it moves on to the others within the wait', async () => {
    const steps: string[] = [];
    const supervisor = createSupervisor({ onStep: (message) => steps.push(message), stopWaitMs: 500 });
    const other = service('the local chain', 'chain: up');
    supervisor.add(other);
    // A Postgres restarted behind the launcher's back: its stop never returns.
    supervisor.add({ name: 'Postgres', stop: () => new Promise<void>(() => {}) });
    const stubborn = service('the dev host', 'devhost: up', { stubborn: true });
    supervisor.add(stubborn);
    await printed(other, 'chain: up');
    await printed(stubborn, 'devhost: up');

    await supervisor.stopAll();
    expect(steps).toEqual([
      'Stopping the dev host…',
      'the dev host did not stop within 0.5 s; moving on',
      'Stopping Postgres…',
      'Postgres did not stop within 0.5 s; moving on',
      'Stopping the local chain…',
    ]);
    expect(running(other)).toBe(false);
    // The stubborn one still gets its SIGKILL once the stop's own grace is over.
    await stubborn.ended;
    expect(stubborn.child.signalCode).toBe('SIGKILL');
  });

  it('does not report a service the launcher stops itself as a crash', async () => {
    const supervisor = createSupervisor();
    const server = service('the bot service', 'up');
    supervisor.add(server);
    await printed(server, 'up');
    await supervisor.stopAll();
    const outcome = await Promise.race([
      supervisor.crashed.then(() => 'crash'),
      new Promise((resolve) => setTimeout(() => resolve('none'), 200)),
    ]);
    expect(outcome).toBe('none');
  });
});

/** Postgres is no child process of the launcher: its postmaster is watched through the data folder. */
describe("the launcher's watch on Postgres", () => {
  const postmasterPid = (dataDir: string) =>
    Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

  it('reports Postgres killed under it, and stops the rest', async () => {
    const dataDir = join(dir, 'pg-killed');
    const postgres = await startPostgres({ dataDir, persistent: false, goneAfterMs: 1_500 });
    const supervisor = createSupervisor();
    supervisor.add({ name: 'Postgres', stop: () => postgres.stop(), ended: postgres.ended });
    const bot = service('the bot service', 'bot service listening');
    supervisor.add(bot);
    await printed(bot, 'bot service listening');

    process.kill(postmasterPid(dataDir), 'SIGKILL');
    const died = await supervisor.crashed;
    expect(crashReport(died)).toMatch(/^Postgres stopped unexpectedly/);
    await supervisor.stopAll();
    expect(running(bot)).toBe(false);
  });

  it('does not take a restart (a new postmaster within the window) for a crash', async () => {
    const dataDir = join(dir, 'pg-restarted');
    let restartedAs: (pid: number) => void = () => {};
    const restarted = new Promise<number>((resolve) => {
      restartedAs = resolve;
    });
    // A window a restart fits in on a busy machine, short enough for the test to see it pass.
    const window = 6_000;
    const first = await startPostgres({ dataDir, persistent: true, goneAfterMs: window, onRestart: restartedAs });
    let crashed = false;
    void first.ended.then(() => {
      crashed = true;
    });
    // Stopped behind the watch's back (as pg_ctl restart does), then up again on the same data folder.
    process.kill(postmasterPid(dataDir), 'SIGINT');
    while (existsSync(join(dataDir, 'postmaster.pid'))) await new Promise((resolve) => setTimeout(resolve, 100));
    const goneAt = Date.now();
    const second = await startPostgres({ dataDir, persistent: false });
    // The watch has taken the new postmaster for the cluster's (its window starts again from there)…
    expect(await restarted).toBe(postmasterPid(dataDir));
    // …and the window (plus one look, a second) since the first postmaster went has passed: no end.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, goneAt + window + 1_000 - Date.now())));
    expect(crashed).toBe(false);
    // The first handle's process is gone: only the one running now is stopped (its stop would wait forever).
    await second.stop();
  });
});
