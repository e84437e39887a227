import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { stopChild } from '@fartwin/localstack';

export interface ServiceOptions {
  name: string;
  /** Arguments to Node: a TypeScript entry through tsx, or a tool's JS entry. */
  nodeArgs: string[];
  env: Record<string, string>;
  logFile: string;
  cwd: string;
}

export interface RunningService {
  name: string;
  child: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
  /** The last lines the service logged, to explain why it stopped. */
  tail(lines?: number): string;
}

/** Node arguments that run a TypeScript entry point through tsx. */
export const tsEntry = (entry: string) => ['--import', 'tsx', entry];

/** Starts a Node service with its output in a log file, so the terminal stays readable. */
export function startService(options: ServiceOptions): RunningService {
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(process.execPath, options.nodeArgs, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  return {
    name: options.name,
    child,
    logFile: options.logFile,
    stop: async () => {
      await stopChild(child);
      log.end();
    },
    tail: (lines = 15) => {
      try {
        return readFileSync(options.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
      } catch {
        return '';
      }
    },
  };
}
