import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resultsFile, resultsMarkdownFile } from './paths.ts';
import type { BenchResult } from './report.ts';
import { type ResultsFile, resultsMarkdown, writeResultsFile } from './results-file.ts';

const result = (overrides: Partial<BenchResult>): BenchResult => ({
  benchmark: 'api',
  metric: 'GET /doppelganger/agents (first page) throughput',
  unit: 'req/s',
  better: 'higher',
  subject: 17597.4,
  baseline: 12049.2,
  baselineLabel: 'bare Hono',
  detail: '10 connections',
  ...overrides,
});

describe('bench/RESULTS.md', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is written from the same run as latest.json, one row per result in the order they ran', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-results-'));
    dirs.push(dir);
    const files = { json: join(dir, 'latest.json'), markdown: join(dir, 'RESULTS.md') };
    writeResultsFile(files, {
      date: new Date('2026-11-26T05:42:10Z'),
      seconds: 783.4,
      couldNotRun: ['gas'],
      results: [
        result({}),
        result({ benchmark: 'lighthouse', metric: '/ CLS', unit: '', better: 'lower', subject: 0, baseline: 0 }),
        result({ benchmark: 'chat', metric: 'a | b', unit: 'ms', better: 'lower', subject: 4.6, baseline: 1.79 }),
      ],
    });
    const json = JSON.parse(readFileSync(files.json, 'utf8')) as ResultsFile;
    const markdown = readFileSync(files.markdown, 'utf8');
    expect(markdown).toBe(resultsMarkdown(json));
    const rows = markdown.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| result'));
    expect(rows).toEqual([
      '| --- | --- | --- | --- | --- | --- |',
      '| api GET /doppelganger/agents (first page) throughput | 17,597 req/s | 12,049 req/s (bare Hono) | 1.46 | - | higher |',
      '| lighthouse / CLS | 0.000 | 0.000 (bare Hono) | - | - | lower |',
      '| chat a \\| b | 4.60 ms | 1.79 ms (bare Hono) | 2.57 | - | lower |',
    ]);
    expect(markdown).toContain('- Run: 2026-11-26 05:42 UTC, 783 s');
    expect(markdown).toContain('- Benchmarks run: api, lighthouse, chat');
    expect(markdown).toContain('- Could not run: gas');
  });

  it("shows each figure beside its benchmark's run before, and keeps the rows of benchmarks not run", () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-results-'));
    dirs.push(dir);
    const files = { json: join(dir, 'latest.json'), markdown: join(dir, 'RESULTS.md') };
    const chat = (subject: number) =>
      result({ benchmark: 'chat', metric: 'first token', unit: 'ms', better: 'lower', subject, baseline: 2 });
    writeResultsFile(files, {
      date: new Date('2026-11-26T05:42:10Z'),
      seconds: 60,
      couldNotRun: [],
      results: [result({}), chat(4)],
    });
    // Only chat runs again, and gains a result.
    writeResultsFile(files, {
      date: new Date('2026-11-28T09:00:00Z'),
      seconds: 30,
      couldNotRun: [],
      results: [
        chat(3),
        result({ benchmark: 'chat', metric: 'last token', unit: 'ms', better: 'lower', subject: 9, baseline: 3 }),
      ],
    });
    const json = JSON.parse(readFileSync(files.json, 'utf8')) as ResultsFile;
    expect(json.results.map((row) => [row.name, row.fartwin, row.measured.slice(0, 10), row.previous])).toEqual([
      ['api GET /doppelganger/agents (first page) throughput', 17597, '2026-11-26', null],
      ['chat first token', 3, '2026-11-28', { fartwin: 4, ratio: 2, measured: '2026-11-26T05:42:10.000Z' }],
      ['chat last token', 9, '2026-11-28', null],
    ]);
    const markdown = readFileSync(files.markdown, 'utf8');
    expect(markdown).toBe(resultsMarkdown(json));
    expect(markdown).toContain(
      '| chat first token | 3.00 ms | 2.00 ms (bare Hono) | 1.50 | 4.00 ms, 2.00 (2026-11-26) | lower |',
    );
    expect(markdown).toContain('- Benchmarks run: chat');
    expect(markdown).toContain('- From earlier runs: api (2026-11-26 05:42 UTC)');
  });

  it('as committed, is what the committed latest.json makes', () => {
    const json = JSON.parse(readFileSync(resultsFile, 'utf8')) as ResultsFile;
    expect(readFileSync(resultsMarkdownFile, 'utf8')).toBe(resultsMarkdown(json));
  });
});
