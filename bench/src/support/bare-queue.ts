import { type ChildProcess, fork } from 'node:child_process';
import { stopChild } from '@fartwin/localstack';

export type BareQueueRequest =
  | { type: 'insert'; round: number; count: number }
  | { type: 'stream'; round: number; count: number; perSecond: number };
export type BareQueueReply =
  | { type: 'ready' }
  | { type: 'inserted'; ms: number }
  | { type: 'streamed'; latencies: number[]; seconds: number };

export interface BareQueue {
  pid: number;
  /** Times one insert of `count` no-op jobs (ms). */
  insert(count: number): Promise<number>;
  /** Sends `count` no-op jobs at `perSecond`: each job's send-to-done time (ms) and the whole stretch (s). */
  stream(count: number, perSecond: number): Promise<{ latencies: number[]; seconds: number }>;
  stop(): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 30_000;

/** Starts bare-queue-process.ts (bare pg-boss on `databaseUrl`) and resolves once its workers run. */
export async function startBareQueue(databaseUrl: string): Promise<BareQueue> {
  const child: ChildProcess = fork(new URL('./bare-queue-process.ts', import.meta.url), [databaseUrl], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T extends BareQueueReply['type']>(type: T, timeoutMs: number) =>
    new Promise<Extract<BareQueueReply, { type: T }>>((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error(`the bare pg-boss process did not answer ${type}`)), timeoutMs);
      const onExit = (code: number | null) => {
        clearTimeout(timeout);
        reject(new Error(`the bare pg-boss process exited (code ${code})`));
      };
      child.once('exit', onExit);
      child.once('message', (message: BareQueueReply) => {
        clearTimeout(timeout);
        child.off('exit', onExit);
        if (message.type === type) resolve(message as Extract<BareQueueReply, { type: T }>);
        else reject(new Error(`the bare pg-boss process answered ${message.type}, not ${type}`));
      });
    });
  try {
    await next('ready', STARTUP_TIMEOUT_MS);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  let round = 0;
  const ask = (request: BareQueueRequest) => child.send(request);
  return {
    pid: child.pid!,
    async insert(count) {
      const answer = next('inserted', 120_000);
      ask({ type: 'insert', round: ++round, count });
      return (await answer).ms;
    },
    async stream(count, perSecond) {
      const answer = next('streamed', 300_000);
      ask({ type: 'stream', round: ++round, count, perSecond });
      const { latencies, seconds } = await answer;
      return { latencies, seconds };
    },
    stop: () => stopChild(child),
  };
}
