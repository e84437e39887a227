import { type ChildProcess, fork } from 'node:child_process';
import { stopChild } from '@fartwin/localstack';

/** What the bare baseline answers, as the bot service answered it (parsed JSON). */
export interface BareBodies {
  firstPage: unknown;
  deepPage: unknown;
  byFid: unknown;
  health: unknown;
}

export type BareServiceMessage = { type: 'ready'; url: string };

export interface BareService {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 30_000;

/**
 * Starts bare-service-process.ts, a bare Hono process that answers the bot service's paths with
 * `bodies` (GETs) and a one-event SSE stream (the chat path), and resolves once it serves.
 */
export async function startBareService(bodies: BareBodies): Promise<BareService> {
  const child: ChildProcess = fork(new URL('./bare-service-process.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timeout = setTimeout(
        () => reject(new Error('the bare Hono process did not serve within 30 s')),
        STARTUP_TIMEOUT_MS,
      );
      child.once('message', (message: BareServiceMessage) => {
        clearTimeout(timeout);
        resolve(message.url);
      });
      child.once('exit', (code) => {
        clearTimeout(timeout);
        reject(new Error(`the bare Hono process exited (code ${code}) before it served`));
      });
      child.send({ type: 'bodies', bodies });
    });
    return { url, pid: child.pid!, stop: () => stopChild(child) };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}
