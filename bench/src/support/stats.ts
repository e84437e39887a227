/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `min–max` of a sample, for the detail of a result line. */
export function spread(values: readonly number[], digits = 1): string {
  return `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
}

/**
 * Runs every measure `warmUp` times unrecorded, then `iterations` times recorded, taking turns
 * (A, B, A, B…) so that a slow patch of a shared machine falls on both sides alike.
 */
export async function sampleInTurns<Name extends string, Value>(
  options: { warmUp: number; iterations: number },
  measures: Record<Name, () => Promise<Value>>,
): Promise<Record<Name, Value[]>> {
  const names = Object.keys(measures) as Name[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as Value[]])) as Record<Name, Value[]>;
  for (let round = 0; round < options.warmUp + options.iterations; round++) {
    for (const name of names) {
      const value = await measures[name]();
      if (round >= options.warmUp) samples[name].push(value);
    }
  }
  return samples;
}

/** The nearest-rank percentile `p` (0–100] of a sample: the smallest value at or above p% of them. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
