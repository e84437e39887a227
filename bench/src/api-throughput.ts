import { apiPaths } from '@fartwin/protocol';
import autocannon from 'autocannon';
import { type Benchmark, progress } from './support/context.ts';
import { median, sampleInTurns, spread } from './support/stats.ts';

/** Fixed concurrency: connections kept busy at once, one request in flight on each. */
const CONNECTIONS = 10;
const ROUND_SECONDS = 3;
const WARM_UP = 1;
const ITERATIONS = 5;

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
 * Throughput and p99 latency of the bot service's API (the real app: request log, body limit, the
 * Postgres query and the chain reads behind each route) against a bare Hono handler that answers the
 * same JSON from memory, served by the same process (support/bot-service-process.ts). autocannon
 * drives both from this process with CONNECTIONS connections for ROUND_SECONDS per round; rounds
 * take turns between the real route and its baseline.
 */
export const apiThroughput: Benchmark = {
  name: 'api',
  async run(context, report) {
    const service = await context.botService();
    const routes = [
      {
        metric: `GET ${apiPaths.agents}`,
        real: `${service.appUrl}${apiPaths.agents}`,
        bare: `${service.bareUrl}/agents`,
      },
      { metric: 'GET /health', real: `${service.appUrl}/health`, bare: `${service.bareUrl}/health` },
    ];
    for (const route of routes) {
      progress(
        `${route.metric}: ${WARM_UP + ITERATIONS} rounds of ${ROUND_SECONDS} s each side, ${CONNECTIONS} connections`,
      );
      const samples = await sampleInTurns(
        { warmUp: WARM_UP, iterations: ITERATIONS },
        { real: () => round(route.real), bare: () => round(route.bare) },
      );
      const detail = `median of ${ITERATIONS} ${ROUND_SECONDS}-s rounds after ${WARM_UP} warm-up, ${CONNECTIONS} connections, ${service.agents} twins`;
      const compare = (
        metric: string,
        unit: 'req/s' | 'ms',
        better: 'higher' | 'lower',
        pick: (of: Round) => number,
      ) => {
        const [real, bare] = [samples.real.map(pick), samples.bare.map(pick)];
        report({
          benchmark: 'api',
          metric: `${route.metric} ${metric}`,
          unit,
          better,
          subject: median(real),
          baseline: median(bare),
          baselineLabel: 'bare Hono',
          detail: `${detail}; fartwin ${spread(real, 0)} ${unit}, bare ${spread(bare, 0)} ${unit}`,
        });
      };
      compare('throughput', 'req/s', 'higher', (of) => of.requestsPerSecond);
      compare('p99', 'ms', 'lower', (of) => of.p99Ms);
    }
  },
};
