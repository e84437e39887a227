import type { BotService } from './bot-service.ts';
import type { Builds } from './builds.ts';
import type { BenchResult } from './report.ts';

/** What several benchmarks share, made on first use and torn down once at the end of the run. */
export interface BenchContext {
  /** The mini-app and the bare template, each built once in this run. */
  builds(): Promise<Builds>;
  /** One bot-service process (real Postgres, real anvil) for the API and chat benchmarks. */
  botService(): Promise<BotService>;
}

export interface Benchmark {
  name: string;
  run(context: BenchContext, report: (result: BenchResult) => void): Promise<void>;
}

/** Progress notes go to stderr so stdout holds only results. */
export function progress(message: string): void {
  process.stderr.write(`  … ${message}\n`);
}
