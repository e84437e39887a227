/**
 * `npm run bench [name…]`: runs the benchmarks listed below (all, or those named) and prints one
 * line per result, each Fartwin's median against a baseline measured in the same run, then a summary
 * table, which it also writes to bench/results/latest.json (with the date and the machine) and, as
 * a table to read, bench/RESULTS.md. Benchmarks report; they assert no thresholds. The exit code is non-zero only when a
 * benchmark could not run.
 */
import { actions } from './actions.ts';
import { apiThroughput } from './api-throughput.ts';
import { bundleSize } from './bundle-size.ts';
import { chatFirstToken } from './chat-first-token.ts';
import { extendLifeGas } from './extend-life-gas.ts';
import { lighthouseScores } from './lighthouse.ts';
import { memory } from './memory.ts';
import { type Builds, buildBoth } from './support/builds.ts';
import type { BenchContext, Benchmark } from './support/context.ts';
import { resultsFile, resultsMarkdownFile } from './support/paths.ts';
import { type BenchResult, formatResult, formatSummary } from './support/report.ts';
import { machine, writeResultsFile } from './support/results-file.ts';
import { type BenchServices, startBenchServices } from './support/services.ts';
import { timeToReady } from './time-to-ready.ts';
import { voice } from './voice.ts';
import { withdrawalStall } from './withdrawal-stall.ts';

const benchmarks: Benchmark[] = [
  bundleSize,
  timeToReady,
  lighthouseScores,
  extendLifeGas,
  apiThroughput,
  chatFirstToken,
  actions,
  memory,
  voice,
  withdrawalStall,
];

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

async function main(): Promise<number> {
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !benchmarks.some((benchmark) => benchmark.name === name));
  if (unknown.length > 0) {
    console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${benchmarks.map((b) => b.name).join(', ')}.`);
    return 2;
  }
  const selected = names.length > 0 ? benchmarks.filter((benchmark) => names.includes(benchmark.name)) : benchmarks;

  let services: Promise<BenchServices> | undefined;
  const context: BenchContext = {
    builds: once<Builds>(buildBoth),
    services: () => {
      services ??= startBenchServices();
      return services;
    },
  };
  const results: BenchResult[] = [];
  const failed: string[] = [];
  const { cores, cpuModel, totalMemoryGB, node } = machine();
  console.log(
    `Fartwin benchmarks on ${cores} × ${cpuModel}, ${totalMemoryGB} GB, Node ${node}.` +
      ' Each ratio is fartwin / baseline, both measured in this run.',
  );
  const date = new Date();
  const startedAt = performance.now();
  try {
    for (const benchmark of selected) {
      console.log(`\n[${benchmark.name}]`);
      const benchmarkStartedAt = performance.now();
      try {
        await benchmark.run(context, (result) => {
          results.push(result);
          console.log(formatResult(result));
        });
      } catch (error) {
        failed.push(benchmark.name);
        console.log(`bench ${benchmark.name} could not run: ${error instanceof Error ? error.message : String(error)}`);
      }
      console.log(`  (${benchmark.name} took ${((performance.now() - benchmarkStartedAt) / 1000).toFixed(0)} s)`);
    }
  } finally {
    await (await services?.catch(() => undefined))?.stop();
  }
  const seconds = (performance.now() - startedAt) / 1000;
  console.log(`\nSummary (${seconds.toFixed(0)} s)\n${formatSummary(results)}`);
  if (failed.length > 0) console.log(`\nCould not run: ${failed.join(', ')}`);
  // A run that measured nothing (interrupted, or nothing could run) leaves the last table in place.
  if (results.length > 0) {
    writeResultsFile(
      { json: resultsFile, markdown: resultsMarkdownFile },
      {
        date,
        seconds,
        couldNotRun: failed,
        results,
      },
    );
    console.log(`\nWritten to ${resultsFile} and ${resultsMarkdownFile}`);
  }
  return failed.length > 0 ? 1 : 0;
}

process.exitCode = await main();
