/** A service the launcher started and must stop: Postgres, the chain, or a Node service. */
export interface Supervised {
  /** As a sentence names it: "Postgres", "the bot service". */
  name: string;
  stop(): Promise<void>;
  /** Resolves when the service ends on its own (only for those the launcher can watch: child processes). */
  ended?: Promise<unknown>;
  /** The last lines it logged, to explain why it stopped. */
  tail?(): string;
  logFile?: string;
}

/** How long stopping one service may take before the launcher moves on to the next. */
export const SERVICE_STOP_WAIT_MS = 15_000;

export interface Supervisor {
  /** Watches `service` from now on; stopped in reverse order of adding. */
  add(service: Supervised): void;
  /** Resolves with the first watched service that ends on its own (a crash): the stack is then broken. */
  crashed: Promise<Supervised>;
  /** Stops every service, newest first, each within the stop wait; never rejects or hangs. */
  stopAll(): Promise<void>;
}

export function createSupervisor(
  options: { onStep?: (message: string) => void; stopWaitMs?: number } = {},
): Supervisor {
  const step = options.onStep ?? (() => {});
  const stopWaitMs = options.stopWaitMs ?? SERVICE_STOP_WAIT_MS;
  const running: Supervised[] = [];
  let stopping = false;
  let reportCrash: (service: Supervised) => void = () => {};
  const crashed = new Promise<Supervised>((resolve) => {
    reportCrash = resolve;
  });

  const stopOne = async (service: Supervised) => {
    step(`Stopping ${service.name}…`);
    // A service that will not stop (a Postgres restarted behind the launcher's back) must not keep
    // the others running: it gets a bounded wait, then the next one is stopped.
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<'gave-up'>((resolve) => {
      timer = setTimeout(() => resolve('gave-up'), stopWaitMs);
    });
    const outcome = await Promise.race([
      service.stop().then(
        () => 'stopped' as const,
        (error: unknown) => {
          step(`${service.name} did not stop cleanly: ${error instanceof Error ? error.message : String(error)}`);
          return 'stopped' as const;
        },
      ),
      gaveUp,
    ]);
    clearTimeout(timer);
    if (outcome === 'gave-up') step(`${service.name} did not stop within ${stopWaitMs / 1000} s; moving on`);
  };

  return {
    add(service) {
      running.push(service);
      // An end while stopping is the launcher's own doing, not a crash.
      service.ended?.then(() => {
        if (!stopping) reportCrash(service);
      });
    },
    crashed,
    async stopAll() {
      stopping = true;
      while (running.length > 0) await stopOne(running.pop()!);
    },
  };
}

/** The launcher's report of a crash: which service, and the last lines of its log. */
export function crashReport(service: Supervised): string {
  const where = service.logFile ? ` Last lines of ${service.logFile}:\n${service.tail?.() ?? ''}` : '';
  const name = service.name.charAt(0).toUpperCase() + service.name.slice(1);
  return `${name} stopped unexpectedly.${where}`;
}
