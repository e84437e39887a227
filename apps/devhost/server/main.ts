import { serve } from '@hono/node-server';
import { createDevhostServer } from './app.ts';
import { loadDevhostServerConfig } from './config.ts';

try {
  const config = loadDevhostServerConfig();
  const app = createDevhostServer(config);
  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) =>
    console.log(`dev host listening on http://${config.host}:${info.port}`),
  );
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE' ? `Port ${config.port} is already in use (set DEVHOST_PORT).` : error.message,
    );
    process.exit(1);
  });
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
