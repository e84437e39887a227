import { getFreePort } from '@fartwin/localstack';
import { CHROMIUM_ARGS, resolveChromiumPath } from '@fartwin/localstack/chromium';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import type { Benchmark } from './support/context.ts';
import { repoRoot } from './support/paths.ts';
import { progress } from './support/progress.ts';
import type { BenchResult } from './support/report.ts';
import { servedBuilds } from './support/served-builds.ts';
import { median, spread } from './support/stats.ts';

/** Lighthouse runs per page; its scores move from run to run, so each figure is a median. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

interface Figures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  kB: number;
}

const METRICS: {
  metric: string;
  unit: BenchResult['unit'];
  better: 'lower' | 'higher';
  pick: (f: Figures) => number;
}[] = [
  { metric: 'performance score', unit: 'score', better: 'higher', pick: (f) => f.performance },
  { metric: 'accessibility score', unit: 'score', better: 'higher', pick: (f) => f.accessibility },
  { metric: 'LCP', unit: 'ms', better: 'lower', pick: (f) => f.lcpMs },
  { metric: 'TBT', unit: 'ms', better: 'lower', pick: (f) => f.tbtMs },
  { metric: 'CLS', unit: '', better: 'lower', pick: (f) => f.cls },
  { metric: 'bytes', unit: 'kB', better: 'lower', pick: (f) => f.kB },
];

type Audits = Record<string, { details?: unknown; displayValue?: string } | undefined>;

/** The rows of an audit's table, or none. */
const rowsOf = (audits: Audits, id: string) =>
  ((audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []) as Record<
    string,
    unknown
  >[];

/**
 * BENCH_LIGHTHOUSE_MAIN_THREAD=1: what keeps a page's main thread busy (under the simulated 4x
 * slower CPU): the long tasks, the scripts' run and parse time, and the largest paint's element.
 */
function printMainThread(url: string, audits: Audits) {
  const path = (value: unknown) => String(value ?? '').replace(/^https?:\/\/[^/]+/, '');
  const ms = (value: unknown) => `${Math.round(Number(value ?? 0))}`.padStart(6);
  console.log(`${url}: main thread`);
  for (const task of rowsOf(audits, 'long-tasks'))
    console.log(`  long task at ${ms(task.startTime)} ms, ${ms(task.duration)} ms  ${path(task.url).slice(0, 90)}`);
  for (const script of rowsOf(audits, 'bootup-time'))
    console.log(
      `  script ${ms(script.scripting)} ms run, ${ms(script.scriptParseCompile)} ms parse  ${path(script.url).slice(0, 80)}`,
    );
  const lcp = rowsOf(audits, 'largest-contentful-paint-element')[0]?.items;
  const node = (lcp as { node?: { snippet?: string } }[] | undefined)?.[0]?.node?.snippet;
  console.log(`  largest paint: ${node ?? audits['largest-contentful-paint-element']?.displayValue ?? '?'}`);
}

/**
 * One Lighthouse run (its default: a mobile phone, simulated throttling) of `url` in the Chromium
 * that listens on `port`: performance and accessibility only.
 */
async function audit(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    hostname: '127.0.0.1',
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const numeric = (id: string) => {
    const value = audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse on ${url} measured no ${id}`);
    return value;
  };
  const score = (id: string) => Math.round((categories[id]?.score ?? Number.NaN) * 100);
  if (process.env.BENCH_LIGHTHOUSE_REQUESTS === '1') printRequests(url, audits['network-requests']?.details);
  if (process.env.BENCH_LIGHTHOUSE_MAIN_THREAD === '1') printMainThread(url, audits);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    kB: numeric('total-byte-weight') / 1000,
  };
}

/** BENCH_LIGHTHOUSE_REQUESTS=1: what a page's bytes are, request by request, largest first. */
function printRequests(url: string, details: unknown) {
  const items = ((details as { items?: { url: string; transferSize?: number }[] } | undefined)?.items ?? [])
    .map((item) => ({ kB: (item.transferSize ?? 0) / 1000, url: item.url.replace(/^https?:\/\/[^/]+/, '') }))
    .sort((a, b) => b.kB - a.kB);
  const total = items.reduce((sum, item) => sum + item.kB, 0);
  console.log(`${url}: ${items.length} requests, ${total.toFixed(1)} kB`);
  for (const item of items) console.log(`  ${item.kB.toFixed(1).padStart(6)} kB  ${item.url.slice(0, 100)}`);
}

/**
 * Lighthouse (the npm package, mobile, simulated throttling) in the project's Chromium on the
 * product's pages as the bot service serves them (production bundle, embedded Postgres, anvil, the
 * seeded twins; its own compression and caching): /, /agents, /leaderboard, /info and a twin's page,
 * each against the bare template's / served by another process of the same service.
 */
export const lighthouseScores: Benchmark = {
  name: 'lighthouse',
  async run(context, report) {
    const served = await servedBuilds(context);
    const { data } = await context.services();
    const twin = data.twins[0];
    if (!twin) throw new Error('no seeded twin to open');
    const pages = ['/', '/agents', '/leaderboard', '/info', `/agent/${twin}`];
    process.env.FONTCONFIG_FILE ??= `${repoRoot}e2e/fonts.conf`;
    const port = await getFreePort();
    progress('starting Chromium with a DevTools port for Lighthouse');
    const browser = await chromium.launch({
      executablePath: await resolveChromiumPath(),
      args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    });
    try {
      const runs = new Map<string, Figures[]>([
        ['template', []],
        ...pages.map((page): [string, Figures[]] => [page, []]),
      ]);
      for (let run = 1; run <= RUNS; run++) {
        progress(`Lighthouse round ${run} of ${RUNS}: the template's / and ${pages.length} pages`);
        runs.get('template')!.push(await audit(`${served.template}/`, port));
        for (const page of pages) runs.get(page)!.push(await audit(`${served.app}${page}`, port));
      }
      const template = runs.get('template')!;
      for (const page of pages) {
        const figures = runs.get(page)!;
        const name = page.startsWith('/agent/') ? '/agent/{id}' : page;
        for (const { metric, unit, better, pick } of METRICS) {
          report({
            benchmark: 'lighthouse',
            metric: `${name} ${metric}`,
            unit,
            better,
            subject: median(figures.map(pick)),
            baseline: median(template.map(pick)),
            baselineLabel: "bare template's /",
            detail: `median of ${RUNS} Lighthouse runs (mobile, simulated throttling); fartwin ${spread(figures.map(pick), 2)}, template ${spread(template.map(pick), 2)}`,
          });
        }
      }
    } finally {
      await browser.close();
    }
  },
};
