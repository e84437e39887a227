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

/** A result as the results file keeps it. */
export interface ResultRow {
  /** The benchmark that measures it (`npm run bench -- <benchmark>`). */
  benchmark: string;
  name: string;
  fartwin: number;
  baseline: number;
  unit: BenchResult['unit'];
  /** null where the baseline is 0. */
  ratio: number | null;
  better: BenchResult['better'];
  baselineLabel: string;
  /** When it was measured: the newest run of its benchmark (ISO time). */
  measured: string;
  /** The figure it replaced, from the run of its benchmark before; null for a new result. */
  previous: { fartwin: number; ratio: number | null; measured: string } | null;
}

/**
 * What bench/results/latest.json holds: the newest figure of every result. A run replaces the rows of
 * the benchmarks it ran, each keeping the figure it replaced, and leaves the others as they were.
 */
export interface ResultsFile {
  /** The newest run: when, on what, how long, which benchmarks, which of them could not run. */
  date: string;
  machine: ReturnType<typeof machine>;
  durationSeconds: number;
  benchmarks: string[];
  couldNotRun: string[];
  results: ResultRow[];
}

/** A markdown table cell: a `|` would end the cell early. */
const cell = (text: string) => text.replaceAll('|', '\\|');

/**
 * The table as markdown (bench/RESULTS.md): the newest run (when and where it ran), then one row per
 * result, each beside the figure its benchmark's run before gave, values shown as the runs printed them.
 */
export function resultsMarkdown(content: ResultsFile): string {
  const { machine: host } = content;
  const lines = [
    '# Bench results',
    '',
    'Written by `npm run bench` from `bench/results/latest.json`; do not edit by hand. How to run the',
    'benches and read these figures: [README.md](README.md).',
    '',
    `- Run: ${dateOf(content.date)} UTC, ${content.durationSeconds.toLocaleString('en-US')} s`,
    `- Machine: ${host.cores} cores, ${host.cpuModel}, ${host.totalMemoryGB} GB, Node ${host.node.replace(/^v/, '')}`,
    `- Benchmarks run: ${content.benchmarks.join(', ') || 'none'}`,
  ];
  if (content.couldNotRun.length > 0) lines.push(`- Could not run: ${content.couldNotRun.join(', ')}`);
  const older = [
    ...new Map(
      content.results.filter((row) => row.measured !== content.date).map((row) => [row.benchmark, row.measured]),
    ),
  ];
  if (older.length > 0) {
    lines.push(
      `- From earlier runs: ${older.map(([benchmark, measured]) => `${benchmark} (${dateOf(measured)} UTC)`).join(', ')}`,
    );
  }
  lines.push(
    '',
    'Ratio is Fartwin / baseline; "better" says whether a lower or a higher ratio is an improvement.',
    '"Previous" is the figure and ratio of the run of the same benchmark before.',
    '',
    '| result | Fartwin | baseline | ratio | previous | better |',
    '| --- | --- | --- | --- | --- | --- |',
  );
  const shownRatio = (ratio: number | null) => (ratio === null ? '-' : ratio.toFixed(2));
  for (const row of content.results) {
    const baseline = `${formatValue(row.baseline, row.unit)} (${row.baselineLabel})`;
    const previous = row.previous
      ? `${formatValue(row.previous.fartwin, row.unit)}, ${shownRatio(row.previous.ratio)} (${row.previous.measured.slice(0, 10)})`
      : '-';
    lines.push(
      `| ${cell(row.name)} | ${cell(formatValue(row.fartwin, row.unit))} | ${cell(baseline)} | ${shownRatio(row.ratio)} | ${cell(previous)} | ${row.better} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** "2026-11-29 10:54" from an ISO time. */
const dateOf = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** Writes bench/RESULTS.md from a results file already written (as the bench does after each run). */
export function writeResultsMarkdown(jsonFile: string, markdownFile: string): void {
  const content = JSON.parse(readFileSync(jsonFile, 'utf8')) as ResultsFile;
  writeFileSync(markdownFile, resultsMarkdown(content));
}

/** The results file as it is, or none when there is none yet (or it cannot be read as one). */
function readResultsFile(file: string): ResultsFile | undefined {
  try {
    const content = JSON.parse(readFileSync(file, 'utf8')) as ResultsFile;
    return Array.isArray(content.results) ? content : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The rows after a run: the rows of the benchmarks it ran replaced by its results, each with the
 * figure it replaced, where the benchmark's old rows stood (a benchmark new to the file at the end);
 * the rows of every other benchmark, and of one that could not run, as they were.
 */
export function mergedRows(old: readonly ResultRow[], fresh: readonly ResultRow[]): ResultRow[] {
  const ran = new Set(fresh.map((row) => row.benchmark));
  const before = new Map(old.map((row) => [row.name, row]));
  const replaced = fresh.map((row) => {
    const was = before.get(row.name);
    return { ...row, previous: was ? { fartwin: was.fartwin, ratio: was.ratio, measured: was.measured } : null };
  });
  const rows: ResultRow[] = [];
  const placed = new Set<string>();
  for (const row of old) {
    if (!ran.has(row.benchmark)) rows.push(row);
    else if (!placed.has(row.benchmark)) {
      placed.add(row.benchmark);
      rows.push(...replaced.filter((fresh) => fresh.benchmark === row.benchmark));
    }
  }
  rows.push(...replaced.filter((row) => !placed.has(row.benchmark)));
  return rows;
}

/**
 * Writes a run's results into the table, keys in a fixed order, values rounded as the table shows
 * them (mergedRows: its benchmarks' rows replaced, the others kept); and the same table as markdown
 * beside it for readers, so the two never disagree.
 */
export function writeResultsFile(
  files: { json: string; markdown: string },
  run: { date: Date; seconds: number; couldNotRun: string[]; results: readonly BenchResult[] },
): void {
  const measured = run.date.toISOString();
  const fresh = run.results.map((result) => ({
    benchmark: result.benchmark,
    name: `${result.benchmark} ${result.metric}`,
    fartwin: round(result.subject, digitsFor(result.subject, result.unit)),
    baseline: round(result.baseline, digitsFor(result.baseline, result.unit)),
    unit: result.unit,
    ratio: Number.isFinite(ratioOf(result)) ? round(ratioOf(result), 2) : null,
    better: result.better,
    baselineLabel: result.baselineLabel,
    measured,
    previous: null,
  }));
  const content: ResultsFile = {
    date: measured,
    machine: machine(),
    durationSeconds: Math.round(run.seconds),
    // As its rows name them: the voice bench on the people written apart makes voice-apart rows.
    benchmarks: [...new Set(fresh.map((row) => row.benchmark))],
    couldNotRun: run.couldNotRun,
    results: mergedRows(readResultsFile(files.json)?.results ?? [], fresh),
  };
  mkdirSync(dirname(files.json), { recursive: true });
  writeFileSync(files.json, formatJson(content));
  writeFileSync(files.markdown, resultsMarkdown(content));
}
