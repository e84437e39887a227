import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';

/** Pending tick jobs are looked for this often; a tick starts at most this late. */
const TICK_POLLING_SECONDS = 1;

/**
 * Runs `tick` every `intervalSeconds`, once per interval slot across all replicas: a self-
 * rescheduling pg-boss job (singletonKey + singletonSeconds: a send into a slot already taken lands in
 * the next one); pg-boss cron is minute-grained, too slow locally. A cron every minute still inserts
 * into the current slot, a no-op while ticks run, so the chain restarts on its own if a tick could not
 * schedule the next. A failed tick is not retried: the next slot's tick does the same work.
 */
export async function startTicker(
  boss: PgBoss,
  options: { queue: string; intervalSeconds: number; logger: Logger },
  tick: () => Promise<unknown>,
): Promise<void> {
  const { queue, intervalSeconds, logger } = options;
  const slot = { singletonKey: queue, singletonSeconds: intervalSeconds };
  const scheduleNextTick = () =>
    boss
      .send(queue, {}, { ...slot, singletonNextSlot: true })
      .catch((error: unknown) => logger.error({ err: error, queue }, 'next tick could not be scheduled'));

  await boss.createQueue(queue, { name: queue, retryLimit: 0, expireInSeconds: 300 });
  await boss.work(queue, { pollingIntervalSeconds: TICK_POLLING_SECONDS }, async () => {
    try {
      await tick();
    } catch (error) {
      logger.warn({ err: error, queue }, 'tick failed');
    } finally {
      await scheduleNextTick();
    }
  });
  await boss.schedule(queue, '* * * * *', {}, slot);
  await scheduleNextTick();
}
