import type { Builds } from './builds.ts';
import type { BenchResult } from './report.ts';
import type { BenchServices } from './services.ts';

/** What several benchmarks share, made on first use and torn down once at the end of the run. */
export interface BenchContext {
  /** The mini-app and the bare template, each built once in this run. */
  builds(): Promise<Builds>;
  /**
   * The real bot service (its own process, on a real Postgres and anvil, 100,000 twins in the
   * directory) and the bare Hono baseline (another process), for the API and chat benchmarks.
   */
  services(): Promise<BenchServices>;
}

export interface Benchmark {
  name: string;
  run(context: BenchContext, report: (result: BenchResult) => void): Promise<void>;
}
