/**
 * `npm run bench [name…]`: runs the benchmarks of DESIGN.md §8 (all, or those named) and prints one
 * line per result, each Fartwin's median against a baseline measured in the same run, then a summary
 * table. Benchmarks report; they assert no thresholds. The exit code is non-zero only when a
 * benchmark could not run.
 */
import { availableParallelism, cpus } from 'node:os';
import { apiThroughput } from './api-throughput.ts';
import { bundleSize } from './bundle-size.ts';
import { chatFirstToken } from './chat-first-token.ts';
import { extendLifeGas } from './extend-life-gas.ts';
import { type BotService, startBotService } from './support/bot-service.ts';
import { type Builds, buildBoth } from './support/builds.ts';
import type { BenchContext, Benchmark } from './support/context.ts';
import { type BenchResult, formatResult, formatSummary } from './support/report.ts';
import { timeToReady } from './time-to-ready.ts';

const benchmarks: Benchmark[] = [bundleSize, timeToReady, extendLifeGas, apiThroughput, chatFirstToken];

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

  let botService: Promise<BotService> | undefined;
  const context: BenchContext = {
    builds: once<Builds>(buildBoth),
    botService: () => {
      botService ??= startBotService();
      return botService;
    },
  };
  const results: BenchResult[] = [];
  const failed: string[] = [];
  console.log(
    `Fartwin benchmarks on ${availableParallelism()} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}.` +
      ' Each ratio is fartwin / baseline, both measured in this run.',
  );
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
    await (await botService?.catch(() => undefined))?.stop();
  }
  console.log(`\nSummary (${((performance.now() - startedAt) / 1000).toFixed(0)} s)\n${formatSummary(results)}`);
  if (failed.length > 0) console.log(`\nCould not run: ${failed.join(', ')}`);
  return failed.length > 0 ? 1 : 0;
}

process.exitCode = await main();
