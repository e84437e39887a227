import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createPublicClient, http } from 'viem';
import { assertPortFree, getFreePort } from './ports.ts';
import { stopChild } from './process.ts';
import { waitUntil } from './wait.ts';

const require = createRequire(import.meta.url);

/** Base mainnet's chain id: the local chain poses as Base so the mini-app needs no special case. */
export const LOCAL_CHAIN_ID = 8453;

/** The path of the anvil binary shipped in the platform package of `@foundry-rs/anvil`. */
export function anvilBinaryPath(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${arch}`;
  try {
    return join(dirname(require.resolve(`${platformPackage}/package.json`)), 'bin', 'anvil');
  } catch {
    throw new Error(
      `anvil is not available for ${process.platform}/${process.arch} (${platformPackage} is not installed)`,
    );
  }
}

export interface AnvilOptions {
  /** Defaults to a free port. */
  port?: number;
  /** When set, chain state is loaded from and saved to this file (survives restarts). */
  stateFile?: string;
  /** Seconds between automatic state dumps while running. */
  stateIntervalSeconds?: number;
  /** Called with each line anvil prints. */
  onLog?: (line: string) => void;
}

export interface RunningAnvil {
  rpcUrl: string;
  port: number;
  /** Freezes the process (SIGSTOP): the port stays open and requests hang, as with an RPC that stopped answering. */
  pause(): void;
  /** Lets a paused chain answer again (SIGCONT). */
  resume(): void;
  /** Resolves when the process has ended, stopped or not (a launcher watches it for a crash). */
  ended: Promise<void>;
  stop(): Promise<void>;
}

/** Starts anvil on 127.0.0.1 as chain 8453 and resolves once it answers JSON-RPC. */
export async function startAnvil(options: AnvilOptions = {}): Promise<RunningAnvil> {
  const port = options.port ?? (await getFreePort());
  if (options.port !== undefined) await assertPortFree('anvil (local chain)', port);
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(LOCAL_CHAIN_ID), '--silent'];
  if (options.stateFile) {
    mkdirSync(dirname(options.stateFile), { recursive: true });
    args.push('--state', options.stateFile, '--state-interval', String(options.stateIntervalSeconds ?? 5));
  }
  const child: ChildProcess = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) options.onLog?.(line);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  const rpcUrl = `http://127.0.0.1:${port}`;
  const probe = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 2_000 }) });
  let exited = false;
  const ended = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  try {
    await waitUntil('anvil', async () => {
      if (exited) throw new Error('anvil exited during start-up');
      await probe.getBlockNumber({ cacheTime: 0 });
      return true;
    });
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  const resume = () => {
    if (!exited) child.kill('SIGCONT');
  };
  return {
    rpcUrl,
    port,
    pause: () => {
      if (!exited) child.kill('SIGSTOP');
    },
    resume,
    ended,
    stop: () => {
      // A stopped process would not act on the termination signal.
      resume();
      return stopChild(child);
    },
  };
}
