/** One comparison: Fartwin's median against a baseline's, both measured in the same run. */
export interface BenchResult {
  benchmark: string;
  metric: string;
  /** `score`: Lighthouse's 0–100; `rows`, `tokens`: counts; `''`: a bare number (Lighthouse's CLS). */
  unit: 'kB' | 'MB' | 'ms' | 'req/s' | 'jobs/s' | 'gas' | 'score' | 'rows' | 'tokens' | '';
  /** Which direction is an improvement, so a reader knows whether a ratio above 1 is a cost. */
  better: 'lower' | 'higher';
  subject: number;
  baseline: number;
  /** What the baseline is, in a few words. */
  baselineLabel: string;
  /** How it was measured (iterations, spread). */
  detail: string;
}

export const ratioOf = (result: BenchResult) => result.subject / result.baseline;

/** The ratio as shown: none when the baseline is 0 (a CLS or TBT of 0). */
const shownRatio = (result: BenchResult) => {
  const ratio = ratioOf(result);
  return Number.isFinite(ratio) ? ratio.toFixed(2) : '-';
};

/**
 * Decimal places a value is shown (and stored) with: times keep three significant digits down to
 * a microsecond ("0.842 ms"), so a small baseline never shows as 0.00 beside a ratio.
 */
export function digitsFor(value: number, unit: BenchResult['unit']): number {
  if (unit === '') return 3;
  if (unit === 'gas' || unit === 'req/s' || unit === 'score' || unit === 'rows' || unit === 'tokens') return 0;
  if (unit === 'kB' || unit === 'MB' || unit === 'jobs/s') return 1;
  if (unit === 'ms' && value > 0 && value < 1) return Math.min(3, 2 - Math.floor(Math.log10(value)));
  return value < 10 ? 2 : 1;
}

/** A value with its unit, as the run's lines, its summary and bench/RESULTS.md show it. */
export function formatValue(value: number, unit: BenchResult['unit']): string {
  const digits = digitsFor(value, unit);
  return `${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}${unit ? ` ${unit}` : ''}`;
}

/** `bench <benchmark> <metric>: fartwin X vs <baseline> Y = ratio R (lower is better) [detail]` */
export function formatResult(result: BenchResult): string {
  return (
    `bench ${result.benchmark} ${result.metric}: fartwin ${formatValue(result.subject, result.unit)}` +
    ` vs ${result.baselineLabel} ${formatValue(result.baseline, result.unit)}` +
    ` = ratio ${shownRatio(result)} (${result.better} is better) [${result.detail}]`
  );
}

/** A fixed-width table of every result, for the end of the run. */
export function formatSummary(results: readonly BenchResult[]): string {
  const header = ['benchmark', 'metric', 'fartwin', 'baseline', 'ratio', 'better'];
  const rows = results.map((result) => [
    result.benchmark,
    result.metric,
    formatValue(result.subject, result.unit),
    `${formatValue(result.baseline, result.unit)} (${result.baselineLabel})`,
    shownRatio(result),
    result.better,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** The bot service's peak RSS over a benchmark, beside the bare Hono process's over the same stretch. */
export function reportPeakRss(
  report: (result: BenchResult) => void,
  benchmark: string,
  peak: { bot: number; bare: number },
): void {
  report({
    benchmark,
    metric: 'bot service peak RSS',
    unit: 'MB',
    better: 'lower',
    subject: peak.bot,
    baseline: peak.bare,
    baselineLabel: 'bare Hono process',
    detail: `peak resident set of each process over this benchmark (both Node ${process.version} with tsx)`,
  });
}
