import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { dirname } from 'node:path';
import { type BenchResult, digitsFor, formatValue, ratioOf } from './report.ts';

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

/** What bench/results/latest.json holds: one run's table. */
export interface ResultsFile {
  date: string;
  machine: ReturnType<typeof machine>;
  durationSeconds: number;
  benchmarks: string[];
  couldNotRun: string[];
  results: {
    name: string;
    fartwin: number;
    baseline: number;
    unit: BenchResult['unit'];
    /** null where the baseline is 0. */
    ratio: number | null;
    better: BenchResult['better'];
    baselineLabel: string;
  }[];
}

/** A markdown table cell: a `|` would end the cell early. */
const cell = (text: string) => text.replaceAll('|', '\\|');

/**
 * The run's table as markdown (bench/RESULTS.md): when and where it ran, then one row per result in
 * the order they ran, values shown as the run printed them.
 */
export function resultsMarkdown(content: ResultsFile): string {
  const { machine: host } = content;
  const lines = [
    '# Bench results',
    '',
    'Written by `npm run bench` from `bench/results/latest.json`; do not edit by hand. How to run the',
    'benches and read these figures: [README.md](README.md).',
    '',
    `- Run: ${content.date.slice(0, 16).replace('T', ' ')} UTC, ${content.durationSeconds.toLocaleString('en-US')} s`,
    `- Machine: ${host.cores} cores, ${host.cpuModel}, ${host.totalMemoryGB} GB, Node ${host.node.replace(/^v/, '')}`,
    `- Benchmarks run: ${content.benchmarks.join(', ') || 'none'}`,
  ];
  if (content.couldNotRun.length > 0) lines.push(`- Could not run: ${content.couldNotRun.join(', ')}`);
  lines.push(
    '',
    'Ratio is Fartwin / baseline; "better" says whether a lower or a higher ratio is an improvement.',
    '',
    '| result | Fartwin | baseline | ratio | better |',
    '| --- | --- | --- | --- | --- |',
  );
  for (const result of content.results) {
    const baseline = `${formatValue(result.baseline, result.unit)} (${result.baselineLabel})`;
    const ratio = result.ratio === null ? '-' : result.ratio.toFixed(2);
    lines.push(
      `| ${cell(result.name)} | ${cell(formatValue(result.fartwin, result.unit))} | ${cell(baseline)} | ${ratio} | ${result.better} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Writes bench/RESULTS.md from a results file already written (as the bench does after each run). */
export function writeResultsMarkdown(jsonFile: string, markdownFile: string): void {
  const content = JSON.parse(readFileSync(jsonFile, 'utf8')) as ResultsFile;
  writeFileSync(markdownFile, resultsMarkdown(content));
}

/**
 * Writes a run's table as JSON for committing, keys in a fixed order, values rounded as the table
 * shows them, one result per entry in the order they ran; and the same table as markdown beside it
 * for readers, so the two never disagree.
 */
export function writeResultsFile(
  files: { json: string; markdown: string },
  run: { date: Date; seconds: number; benchmarks: string[]; couldNotRun: string[]; results: readonly BenchResult[] },
): void {
  const content: ResultsFile = {
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
      ratio: Number.isFinite(ratioOf(result)) ? round(ratioOf(result), 2) : null,
      better: result.better,
      baselineLabel: result.baselineLabel,
    })),
  };
  mkdirSync(dirname(files.json), { recursive: true });
  writeFileSync(files.json, formatJson(content));
  writeFileSync(files.markdown, resultsMarkdown(content));
}
