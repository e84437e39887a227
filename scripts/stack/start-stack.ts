import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootstrapLocalChain } from '@fartwin/contracts/deployment';
import {
  assertPortFree,
  devAccount,
  getFreePort,
  httpOk,
  localUserAccount,
  OPERATOR_ACCOUNT_INDEX,
  type RunningAnvil,
  type RunningPostgres,
  SAMPLE_USER_FIDS,
  startAnvil,
  startPostgres,
  waitUntil,
} from '@fartwin/localstack';
import { type RunningService, startService, tsEntry } from './service.ts';
import { createSupervisor, type Supervised } from './supervisor.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface StackPorts {
  postgres: number;
  anvil: number;
  server: number;
  devhost: number;
}

/** The ports `npm start` uses; tests pass `'free'` to run beside it. */
export const DEFAULT_PORTS: StackPorts = { postgres: 54329, anvil: 8545, server: 3001, devhost: 3000 };

export interface StackOptions {
  /** Where Postgres, the chain state and logs live; kept between runs. */
  dataDir: string;
  ports: StackPorts | 'free';
  /** Report progress (one short line per step). */
  onStep?: (message: string) => void;
  /** Serve the mini-app from Vite's dev server (hot reload) instead of the build. */
  dev?: boolean;
  /** Extra environment for the bot service (e.g. LOG_LEVEL). */
  serverEnv?: Record<string, string>;
}

export interface RunningStack {
  devhostUrl: string;
  serverUrl: string;
  rpcUrl: string;
  databaseUrl: string;
  dataDir: string;
  services: RunningService[];
  /** Resolves when a service exits on its own (a crash): the stack is then broken. */
  crashed: Promise<Supervised>;
  stop(): Promise<void>;
}

async function resolvePorts(ports: StackOptions['ports']): Promise<StackPorts> {
  if (ports !== 'free') {
    // Check every port first, so a conflict is reported before anything starts.
    await assertPortFree('Postgres', ports.postgres);
    await assertPortFree('anvil (local chain)', ports.anvil);
    await assertPortFree('the bot service', ports.server);
    await assertPortFree('the dev host', ports.devhost);
    return ports;
  }
  return {
    postgres: await getFreePort(),
    anvil: await getFreePort(),
    server: await getFreePort(),
    devhost: await getFreePort(),
  };
}

/**
 * Starts the whole product on this machine, in order: Postgres, the chain (contracts deployed),
 * the bot service (API + built mini-app) and the dev host; each is healthy before the next starts.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const step = options.onStep ?? (() => {});
  const ports = await resolvePorts(options.ports);
  // Stopped in reverse order of start: the dev host first, Postgres last.
  const supervisor = createSupervisor({ onStep: step });

  try {
    step('Starting Postgres…');
    const postgres: RunningPostgres = await startPostgres({
      dataDir: join(options.dataDir, 'pg'),
      port: ports.postgres,
      onRestart: (pid) => step(`Postgres was restarted (postmaster ${pid}); carrying on.`),
    });
    supervisor.add({ name: 'Postgres', stop: () => postgres.stop(), ended: postgres.ended });
    const databaseUrl = await postgres.createDatabase('fartwin');

    step('Starting the local chain…');
    const anvil: RunningAnvil = await startAnvil({
      port: ports.anvil,
      stateFile: join(options.dataDir, 'chain-state.json'),
    });
    supervisor.add({ name: 'the local chain', stop: () => anvil.stop(), ended: anvil.ended });
    const deploymentFile = join(options.dataDir, 'deployment.json');
    step('Deploying contracts (first run) or reusing them…');
    await bootstrapLocalChain({
      rpcUrl: anvil.rpcUrl,
      deploymentFile,
      fund: [
        devAccount(OPERATOR_ACCOUNT_INDEX).address,
        ...SAMPLE_USER_FIDS.map((fid) => localUserAccount(fid).address),
      ],
    });

    const serverUrl = `http://localhost:${ports.server}`;
    const devhostUrl = `http://localhost:${ports.devhost}`;
    const logsDir = join(options.dataDir, 'logs');

    // In dev mode the mini-app is served by Vite, which proxies the API: that is the public origin
    // (Quick Auth signs for the mini-app's domain).
    const vitePort = options.dev ? await getFreePort() : undefined;
    const publicUrl = vitePort ? `http://localhost:${vitePort}` : serverUrl;

    step('Starting the bot service…');
    const server = startService({
      name: 'the bot service',
      nodeArgs: tsEntry('apps/server/src/main.ts'),
      cwd: REPO_ROOT,
      logFile: join(logsDir, 'server.log'),
      env: {
        FARTWIN_MODE: 'local',
        HOST: '127.0.0.1',
        PORT: String(ports.server),
        PUBLIC_URL: publicUrl,
        DATABASE_URL: databaseUrl,
        CHAIN_RPC_URL: anvil.rpcUrl,
        DEPLOYMENT_FILE: deploymentFile,
        // The dev host stands in for Base's Notifications API: owners signed in by wallet get notices there.
        BASE_NOTIFICATIONS_API_URL: `${devhostUrl}/base/api/v1/notifications`,
        ...options.serverEnv,
      },
    });
    supervisor.add(server);
    await waitForService(server, `${serverUrl}/health`);

    let miniappUrl = `${serverUrl}/`;
    if (vitePort) {
      step('Starting Vite for the mini-app (hot reload)…');
      const vite = startService({
        name: 'the mini-app dev server',
        nodeArgs: [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), '--port', String(vitePort)],
        cwd: join(REPO_ROOT, 'apps/miniapp'),
        logFile: join(logsDir, 'vite.log'),
        env: { FARTWIN_API_ORIGIN: serverUrl, MINIAPP_DEV_PORT: String(vitePort) },
      });
      supervisor.add(vite);
      miniappUrl = `http://localhost:${vitePort}/`;
      await waitForService(vite, miniappUrl);
    }

    step('Starting the dev host…');
    const devhost = startService({
      name: 'the dev host',
      nodeArgs: tsEntry('apps/devhost/server/main.ts'),
      cwd: REPO_ROOT,
      logFile: join(logsDir, 'devhost.log'),
      env: {
        DEVHOST_HOST: '127.0.0.1',
        DEVHOST_PORT: String(ports.devhost),
        // The bot service sends notifications to the dev host's inbox here.
        DEVHOST_PUBLIC_URL: devhostUrl,
        // Who added the mini-app, app keys and inboxes survive a restart, as the database does.
        DEVHOST_STATE_FILE: join(options.dataDir, 'devhost-state.json'),
        MINIAPP_URL: miniappUrl,
        API_URL: serverUrl,
        CHAIN_RPC_URL: anvil.rpcUrl,
        DEPLOYMENT_FILE: deploymentFile,
      },
    });
    supervisor.add(devhost);
    await waitForService(devhost, `${devhostUrl}/health`);

    const services = [server, devhost];
    return {
      devhostUrl,
      serverUrl,
      rpcUrl: anvil.rpcUrl,
      databaseUrl,
      dataDir: options.dataDir,
      services,
      crashed: supervisor.crashed,
      stop: supervisor.stopAll,
    };
  } catch (error) {
    await supervisor.stopAll();
    throw error;
  }
}

async function waitForService(service: RunningService, healthUrl: string): Promise<void> {
  let exitCode: number | null = null;
  service.child.once('exit', (code) => {
    exitCode = code ?? 1;
  });
  try {
    await waitUntil(
      service.name,
      async () => {
        if (exitCode !== null) throw new Error(`${service.name} exited with code ${exitCode}`);
        return httpOk(healthUrl);
      },
      { timeoutMs: 60_000 },
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${reason}\n--- last lines of ${service.logFile} ---\n${service.tail()}`);
  }
}
