import type { BenchContext } from './context.ts';
import { progress } from './progress.ts';

/** The run's two builds, each served over HTTP by the real bot service (its compression, its caching). */
export interface ServedBuilds {
  /** The bench's bot service, serving the mini-app build (bench/dist/miniapp) beside its API. */
  app: string;
  /** Another process of the same service, serving the bare template's build as it serves the mini-app. */
  template: string;
}

const made = new WeakMap<BenchContext, Promise<ServedBuilds>>();

/** Builds both apps and serves them, once per run (the page benchmarks share them). */
export function servedBuilds(context: BenchContext): Promise<ServedBuilds> {
  let served = made.get(context);
  if (!served) {
    served = (async () => {
      const builds = await context.builds();
      const { bot } = await context.services();
      progress('starting a second bot service process that serves the bare template');
      return { app: bot.url, template: (await bot.serving(builds.templateDist)).url };
    })();
    made.set(context, served);
  }
  return served;
}
