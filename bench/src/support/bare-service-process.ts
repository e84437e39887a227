/**
 * The baseline of the API and chat benchmarks: a bare Hono app in a process of its own (so its
 * memory and event loop are its own, as the bot service's are), answering the bot service's paths
 * from memory with the JSON the bot service answered, and its chat path with a one-event SSE stream.
 * Started by bare-service.ts, which sends it the bodies over IPC; it answers with its URL. The
 * parent going away, SIGINT or SIGTERM ends it.
 */
import { apiPaths, chatStreamEvents } from '@fartwin/protocol';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { BareBodies, BareServiceMessage } from './bare-service.ts';
import { listen } from './listen.ts';

const stop = () => process.exit(0);
process.on('disconnect', stop);
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

process.once('message', async ({ bodies }: { type: 'bodies'; bodies: BareBodies }) => {
  const app = new Hono()
    .get(apiPaths.agents, (c) => c.json(c.req.query('cursor') ? bodies.deepPage : bodies.firstPage))
    // The patterns of apiPaths.agentsByFid and apiPaths.chat.
    .get(`${apiPaths.agents}/:fid`, (c) => c.json(bodies.byFid))
    .get(apiPaths.healthReady, (c) => c.json(bodies.health))
    .post('/doppelganger/chat-with-fartwin/:agentId', (c) =>
      streamSSE(c, (stream) => stream.writeSSE({ event: chatStreamEvents.delta, data: JSON.stringify('Hi') })),
    );
  const { url } = await listen(app);
  process.send?.({ type: 'ready', url } satisfies BareServiceMessage);
});
