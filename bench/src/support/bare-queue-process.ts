/**
 * The actions benchmark's baseline, a process of its own: bare pg-boss on the same Postgres (its own
 * schema), a producer and workers set up as the bot service's twin writers are (a stately queue,
 * three workers polling every 0.5 s, woken on send), doing no-op jobs. Told what to do over IPC.
 */
import PgBoss from 'pg-boss';
import type { BareQueueReply, BareQueueRequest } from './bare-queue.ts';

const QUEUE = 'bare-no-op';
const WORKERS = 3;

const databaseUrl = process.argv[2]!;
const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss_bare', max: 4 });
boss.on('error', (error) => console.error(`bare pg-boss: ${error.message}`));
await boss.start();
await boss.createQueue(QUEUE, { name: QUEUE, policy: 'stately' });

/** When each job was sent (performance.now() of this process), by its key; the worker takes it out. */
const sentAt = new Map<string, number>();
let finished: ((latencies: number[]) => void) | null = null;
let expected = 0;
const latencies: number[] = [];
const workerIds: string[] = [];
for (let index = 0; index < WORKERS; index++) {
  workerIds.push(
    await boss.work<{ key: string }>(QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      if (!job) return;
      const sent = sentAt.get(job.data.key);
      if (sent === undefined) return boss.notifyWorker(workerIds[index]!);
      latencies.push(performance.now() - sent);
      if (latencies.length === expected) finished?.(latencies.splice(0));
      // As the bot service's writers do: after a job, fetch the next at once.
      boss.notifyWorker(workerIds[index]!);
    }),
  );
}

const reply = (message: BareQueueReply) => process.send!(message);

process.on('message', async (request: BareQueueRequest) => {
  if (request.type === 'insert') {
    // One insert of `count` jobs with singleton keys, as a schedule tick's batch is enqueued.
    const jobs = Array.from({ length: request.count }, (_, index) => ({
      name: QUEUE,
      data: { key: `${request.round}:${index}` },
      singletonKey: `insert:${request.round}:${index}`,
    }));
    const started = performance.now();
    await boss.insert(jobs);
    // The workers then run them as no-ops, as the bot service's run a tick's skipped jobs.
    reply({ type: 'inserted', ms: performance.now() - started });
    return;
  }
  // A sustained stream: `count` jobs at `perSecond`, each sent alone and its workers woken, as a tag is.
  expected = request.count;
  const done = new Promise<number[]>((resolve) => {
    finished = resolve;
  });
  const started = performance.now();
  for (let index = 0; index < request.count; index++) {
    const due = started + (index * 1000) / request.perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const key = `stream:${request.round}:${index}`;
    sentAt.set(key, performance.now());
    await boss.send(QUEUE, { key }, { singletonKey: key });
    for (const id of workerIds) boss.notifyWorker(id);
  }
  const times = await done;
  reply({ type: 'streamed', latencies: times, seconds: (performance.now() - started) / 1000 });
});

reply({ type: 'ready' });
