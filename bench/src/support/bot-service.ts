import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { progress } from './context.ts';

/** What the bot-service process reports once it serves. */
export interface BotServiceReady {
  type: 'ready';
  /** The real app (createApp). */
  appUrl: string;
  /** The bare Hono baseline in the same process: GET /agents, GET /health, POST /chat (one SSE event). */
  bareUrl: string;
  /** How many twins the directory holds. */
  agents: number;
  /** A living twin, a signed-in user and that user's Quick Auth token. */
  chat: { agentId: string; fid: number; token: string };
}

export interface BotService extends BotServiceReady {
  stop(): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 180_000;

/** Starts bot-service-process.ts and resolves when it serves (Postgres, chain, seed data and all). */
export async function startBotService(): Promise<BotService> {
  progress('starting the bot service (embedded Postgres, anvil with the contracts, seeded twins)');
  const child: ChildProcess = fork(fileURLToPath(new URL('./bot-service-process.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<BotServiceReady>((resolve, reject) => {
    const timeout = setTimeout(
      () => reject(new Error('the bot service did not start within 180 s')),
      STARTUP_TIMEOUT_MS,
    );
    child.once('message', (message: BotServiceReady | { type: 'failed'; message: string }) => {
      clearTimeout(timeout);
      if (message.type === 'ready') resolve(message);
      else reject(new Error(`the bot service failed to start: ${message.message}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timeout);
      reject(new Error(`the bot service exited (code ${code}) before it served`));
    });
  }).catch(async (error: unknown) => {
    child.kill('SIGTERM');
    await exited;
    throw error;
  });
  return {
    ...ready,
    stop: async () => {
      if (child.exitCode === null && child.connected) child.send('stop');
      await exited;
    },
  };
}
