import autocannon from 'autocannon';
import type { Benchmark } from './support/context.ts';
import { progress } from './support/progress.ts';
import { reportPeakRss } from './support/report.ts';
import { median, sampleInTurns, spread } from './support/stats.ts';

/** Fixed concurrency: connections kept busy at once, one request in flight on each. */
const CONNECTIONS = 10;
const ROUND_SECONDS = 3;
const WARM_UP = 1;
const ITERATIONS = 7;

interface Round {
  requestsPerSecond: number;
  p99Ms: number;
}

async function round(url: string): Promise<Round> {
  const result = await autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration: ROUND_SECONDS });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) throw new Error(`${url}: ${failed} of ${result.requests.total} requests failed or timed out`);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

/**
 * Throughput and p99 latency of the bot service's API (the real service, its own process: request
 * log, body limit, the Postgres queries and whatever else each route reads) with 100,000 twins in
 * the directory, against a bare Hono app in a process of its own that answers the same paths with
 * the same JSON from memory. autocannon drives both from this process with CONNECTIONS connections
 * for ROUND_SECONDS per round; rounds take turns between the real route and its baseline. The peak
 * RSS of both processes over the whole benchmark is reported beside it.
 */
export const apiThroughput: Benchmark = {
  name: 'api',
  async run(context, report) {
    const { bot, bare, data, watchMemory } = await context.services();
    const { paths } = data;
    const deepRow = (data.deepPageOffset + 1).toLocaleString('en-US');
    const routes = [
      { metric: `GET ${paths.firstPage} (first page)`, path: paths.firstPage },
      { metric: `GET ${paths.firstPage}?cursor= (deep page, from row ${deepRow})`, path: paths.deepPage },
      { metric: 'GET /doppelganger/agents/{fid} (a twin owner)', path: paths.byFid },
      { metric: `GET ${paths.health}`, path: paths.health },
    ];
    const memory = watchMemory();
    for (const route of routes) {
      progress(
        `${route.metric}: ${WARM_UP + ITERATIONS} rounds of ${ROUND_SECONDS} s each side, ${CONNECTIONS} connections`,
      );
      const samples = await sampleInTurns(
        { warmUp: WARM_UP, iterations: ITERATIONS },
        { real: () => round(`${bot.url}${route.path}`), bare: () => round(`${bare.url}${route.path}`) },
      );
      const detail = `median of ${ITERATIONS} ${ROUND_SECONDS}-s rounds after ${WARM_UP} warm-up, ${CONNECTIONS} connections, ${data.agents.toLocaleString('en-US')} twins`;
      const compare = (
        metric: string,
        unit: 'req/s' | 'ms',
        better: 'higher' | 'lower',
        pick: (of: Round) => number,
      ) => {
        const [real, baseline] = [samples.real.map(pick), samples.bare.map(pick)];
        report({
          benchmark: 'api',
          metric: `${route.metric} ${metric}`,
          unit,
          better,
          subject: median(real),
          baseline: median(baseline),
          baselineLabel: 'bare Hono',
          detail: `${detail}; fartwin ${spread(real, 0)} ${unit}, bare ${spread(baseline, 0)} ${unit}`,
        });
      };
      compare('throughput', 'req/s', 'higher', (of) => of.requestsPerSecond);
      compare('p99', 'ms', 'lower', (of) => of.p99Ms);
    }
    reportPeakRss(report, 'api', memory.stop());
  },
};
