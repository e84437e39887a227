import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { stopChild } from '@fartwin/localstack';
import type { Supervised } from './supervisor.ts';

export interface ServiceOptions {
  /** As a sentence names it: "the bot service". */
  name: string;
  /** Arguments to Node: a TypeScript entry through tsx, or a tool's JS entry. */
  nodeArgs: string[];
  env: Record<string, string>;
  logFile: string;
  cwd: string;
}

export interface RunningService extends Supervised {
  child: ChildProcess;
  logFile: string;
  /** Resolves once the process has exited and everything it printed is in its log file. */
  ended: Promise<void>;
  /** The last lines the service logged, to explain why it stopped. */
  tail(lines?: number): string;
}

/** How long output may still arrive after a service has exited. */
const OUTPUT_DRAIN_MS = 2_000;

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
  // 'exit' can come before the last output (the crash's own message) has been read: 'close' comes
  // once the pipes are drained, and an empty write's callback once the log has written it all. A
  // process the service left behind may hold its pipes open: it gets a moment, not forever.
  const ended = new Promise<void>((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const flushed = () => {
      clearTimeout(timer);
      log.write('', () => resolve());
    };
    child.once('exit', () => {
      timer = setTimeout(flushed, OUTPUT_DRAIN_MS);
    });
    child.once('close', flushed);
  });
  return {
    name: options.name,
    child,
    logFile: options.logFile,
    ended,
    stop: async () => {
      await stopChild(child);
      await ended;
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
