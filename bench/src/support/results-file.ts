import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { dirname } from 'node:path';
import { type BenchResult, digitsFor, ratioOf } from './report.ts';

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/**
 * JSON as the repository's formatter (Biome) writes it, so a fresh results file passes `npm run
 * lint` as written: two-space indents, objects one key a line, arrays of plain values on one line.
 */
export function formatJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2).replace(/\[\n\s*([^[\]{}]*?)\n\s*\]/g, (_, items: string) => `[${items.split(/,\n\s*/).join(', ')}]`)}\n`;
}

/** The machine a run measured on, as the summary line and the results file give it. */
export function machine() {
  return {
    cores: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    totalMemoryGB: round(totalmem() / 1e9, 1),
    node: process.version,
  };
}

/**
 * Writes a run's table as JSON for committing and for the README: keys in a fixed order, values
 * rounded as the table shows them, one result per entry in the order they ran.
 */
export function writeResultsFile(
  file: string,
  run: { date: Date; seconds: number; benchmarks: string[]; couldNotRun: string[]; results: readonly BenchResult[] },
): void {
  const content = {
    date: run.date.toISOString(),
    machine: machine(),
    durationSeconds: Math.round(run.seconds),
    benchmarks: run.benchmarks,
    couldNotRun: run.couldNotRun,
    results: run.results.map((result) => ({
      name: `${result.benchmark} ${result.metric}`,
      fartwin: round(result.subject, digitsFor(result.subject, result.unit)),
      baseline: round(result.baseline, digitsFor(result.baseline, result.unit)),
      unit: result.unit,
      // null where the baseline is 0.
      ratio: Number.isFinite(ratioOf(result)) ? round(ratioOf(result), 2) : null,
      better: result.better,
      baselineLabel: result.baselineLabel,
    })),
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, formatJson(content));
}
