import { CHROMIUM_ARGS, resolveChromiumPath } from '@fartwin/localstack/chromium';
import { type Browser, chromium } from 'playwright-core';
import type { Benchmark } from './support/context.ts';
import { repoRoot } from './support/paths.ts';
import { progress } from './support/progress.ts';
import { serveStaticSite } from './support/static-site.ts';
import { median, sampleInTurns, spread } from './support/stats.ts';

const CPU_SLOWDOWN = 4;
const WARM_UP = 3;
const ITERATIONS = 20;

interface HostWindow {
  __benchLoadMiniApp(): Promise<number>;
}

/**
 * One cold open: a fresh browser context (empty cache, as a first open in a client), the host page,
 * CDP's CPU throttling, then the frame; the host page reports the milliseconds from creating the
 * frame to the app's ready() call (see static-site.ts).
 */
async function openOnce(browser: Browser, hostPageUrl: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 424, height: 695 } });
  try {
    const page = await context.newPage();
    await page.goto(hostPageUrl);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    return await page.evaluate(() => (window as unknown as HostWindow).__benchLoadMiniApp());
  } finally {
    await context.close();
  }
}

/** Time to ready() in Chromium at 4x CPU throttling: the mini-app against the bare template. */
export const timeToReady: Benchmark = {
  name: 'ready',
  async run(context, report) {
    const builds = await context.builds();
    // The e2e suite's Chromium and font set-up (fonts.conf points at the system's fonts).
    process.env.FONTCONFIG_FILE ??= `${repoRoot}e2e/fonts.conf`;
    const app = await serveStaticSite(builds.miniappDist, { appConfig: true });
    const template = await serveStaticSite(builds.templateDist, { appConfig: false });
    try {
      progress('starting Chromium');
      const browser = await chromium.launch({ executablePath: await resolveChromiumPath(), args: CHROMIUM_ARGS });
      try {
        progress(`opening each app ${WARM_UP + ITERATIONS} times at ${CPU_SLOWDOWN}x CPU throttling`);
        const samples = await sampleInTurns(
          { warmUp: WARM_UP, iterations: ITERATIONS },
          { app: () => openOnce(browser, app.hostPageUrl), template: () => openOnce(browser, template.hostPageUrl) },
        );
        report({
          benchmark: 'ready',
          metric: `time to ready() at ${CPU_SLOWDOWN}x CPU`,
          unit: 'ms',
          better: 'lower',
          subject: median(samples.app),
          baseline: median(samples.template),
          baselineLabel: 'bare template',
          detail: `median of ${ITERATIONS} cold opens after ${WARM_UP} warm-ups; fartwin ${spread(samples.app, 0)} ms, template ${spread(samples.template, 0)} ms`,
        });
      } finally {
        await browser.close();
      }
    } finally {
      await app.close();
      await template.close();
    }
  },
};
