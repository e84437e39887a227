import { CHROMIUM_ARGS, resolveChromiumPath } from '@fartwin/localstack/chromium';
import { type Browser, chromium } from 'playwright-core';
import type { Benchmark } from './support/context.ts';
import { repoRoot } from './support/paths.ts';
import { progress } from './support/progress.ts';
import { servedBuilds } from './support/served-builds.ts';
import { median, spread } from './support/stats.ts';

/** Requests a page starts within this long of its navigation count as its first load (lazy chunks too). */
const FIRST_LOAD_MS = 2_000;
/** How long the requests of the first load get to finish after it. */
const FINISH_MS = 15_000;
const LOADS = 3;

interface Received {
  /** Bytes on the wire: headers and bodies as sent (compressed where the server compressed them). */
  wire: number;
  /** The same responses' bodies decoded. */
  decoded: number;
  /** Wire bytes of JavaScript and CSS alone. */
  scriptsWire: number;
  requests: number;
}

interface Request {
  startedAt: number;
  type: string;
  wire?: number;
  decoded: number;
  done: boolean;
}

/**
 * One cold load (a fresh browser context, empty cache) of `url` as a phone's browser opens a shared
 * link: what it receives for every request it starts in its first FIRST_LOAD_MS, counted from
 * Chromium's own network events (CDP's Network.loadingFinished encodedDataLength: what came over the
 * socket; dataReceived: the decoded bodies).
 */
async function loadOnce(browser: Browser, url: string): Promise<Received> {
  const context = await browser.newContext({ viewport: { width: 424, height: 695 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const requests = new Map<string, Request>();
    let navigationAt: number | undefined;
    cdp.on('Network.requestWillBeSent', (event) => {
      navigationAt ??= event.timestamp;
      if (!requests.has(event.requestId))
        requests.set(event.requestId, {
          startedAt: event.timestamp,
          type: event.type ?? 'Other',
          decoded: 0,
          done: false,
        });
    });
    cdp.on('Network.dataReceived', (event) => {
      const request = requests.get(event.requestId);
      if (request) request.decoded += event.dataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const request = requests.get(event.requestId);
      if (request) Object.assign(request, { wire: event.encodedDataLength, done: true });
    });
    cdp.on('Network.loadingFailed', (event) => {
      const request = requests.get(event.requestId);
      if (request) request.done = true;
    });
    await cdp.send('Network.enable');
    const startedAt = performance.now();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(Math.max(0, FIRST_LOAD_MS - (performance.now() - startedAt)));
    const firstLoad = [...requests.values()].filter(
      (request) => request.startedAt - (navigationAt ?? request.startedAt) <= FIRST_LOAD_MS / 1000,
    );
    const finishBy = performance.now() + FINISH_MS;
    while (firstLoad.some((request) => !request.done) && performance.now() < finishBy) await page.waitForTimeout(50);
    const sum = (pick: (request: Request) => number, of = firstLoad) => of.reduce((total, r) => total + pick(r), 0);
    const scripts = firstLoad.filter((request) => request.type === 'Script' || request.type === 'Stylesheet');
    return {
      wire: sum((request) => request.wire ?? 0),
      decoded: sum((request) => request.decoded),
      scriptsWire: sum((request) => request.wire ?? 0, scripts),
      requests: firstLoad.length,
    };
  } finally {
    await context.close();
  }
}

/**
 * What a browser receives on a page's first load, lazy chunks fetched in its first 2 s included:
 * the mini-app's `/` served by the real bot service (its own compression: brotli where the browser
 * takes it) against the bare template served by another process of the same service, both built in
 * this run with the same Vite settings.
 */
export const bundleSize: Benchmark = {
  name: 'bundle',
  async run(context, report) {
    const served = await servedBuilds(context);
    process.env.FONTCONFIG_FILE ??= `${repoRoot}e2e/fonts.conf`;
    progress('starting Chromium');
    const browser = await chromium.launch({ executablePath: await resolveChromiumPath(), args: CHROMIUM_ARGS });
    try {
      progress(`loading each app's / ${LOADS} times, cold`);
      const app: Received[] = [];
      const template: Received[] = [];
      for (let load = 0; load < LOADS; load++) {
        app.push(await loadOnce(browser, `${served.app}/`));
        template.push(await loadOnce(browser, `${served.template}/`));
      }
      const detail = (pick: (of: Received) => number) =>
        `median of ${LOADS} cold loads of /, requests started in the first ${FIRST_LOAD_MS / 1000} s ` +
        `(fartwin ${median(app.map((of) => of.requests))}, template ${median(template.map((of) => of.requests))}); ` +
        `fartwin ${spread(app.map(pick), 1)} kB, template ${spread(template.map(pick), 1)} kB`;
      const common = { benchmark: 'bundle', unit: 'kB', better: 'lower', baselineLabel: 'bare template' } as const;
      const rows: [string, (of: Received) => number][] = [
        ['first load received over HTTP (2 s)', (of) => of.wire / 1000],
        ['first load JS+CSS received over HTTP (2 s)', (of) => of.scriptsWire / 1000],
        ['first load decoded (2 s)', (of) => of.decoded / 1000],
      ];
      for (const [metric, pick] of rows) {
        report({
          ...common,
          metric,
          subject: median(app.map(pick)),
          baseline: median(template.map(pick)),
          detail: detail(pick),
        });
      }
    } finally {
      await browser.close();
    }
  },
};
