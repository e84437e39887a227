import { type BareService, startBareService } from './bare-service.ts';
import { type BotService, startBotService } from './bot-service.ts';
import { watchPeakRss } from './peak-rss.ts';
import { progress } from './progress.ts';
import { type BenchData, seedBenchData } from './seed.ts';

/** The API and chat benchmarks' processes: the real bot service and the bare Hono baseline. */
export interface BenchServices {
  bot: BotService;
  bare: BareService;
  data: BenchData;
  /**
   * Starts watching both processes' peak RSS; `stop` answers it in MB, the bot service's and the
   * bare process's, over what ran in between.
   */
  watchMemory(): { stop(): { bot: number; bare: number } };
  stop(): Promise<void>;
}

/** Starts the bot service, seeds it, then starts the baseline with the bodies the bot service answered. */
export async function startBenchServices(): Promise<BenchServices> {
  const startedAt = performance.now();
  const bot = await startBotService();
  try {
    const data = await seedBenchData(bot);
    progress('starting the bare Hono baseline (a process of its own)');
    const bare = await startBareService(data.bodies);
    progress(`the bot service and its baseline are ready (${((performance.now() - startedAt) / 1000).toFixed(0)} s)`);
    return {
      bot,
      bare,
      data,
      watchMemory: () => {
        const watch = watchPeakRss([bot.pid, bare.pid]);
        return {
          stop: () => {
            const [botPeak, barePeak] = watch.stop();
            return { bot: botPeak!, bare: barePeak! };
          },
        };
      },
      stop: async () => {
        await bare.stop();
        await bot.stop();
      },
    };
  } catch (error) {
    const lines = bot.tail();
    await bot.stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(lines ? `${reason}\n--- last lines of the bot service's log ---\n${lines}` : reason);
  }
}
