import type { Server } from 'node:http';

/**
 * Stops taking requests and lets the ones in flight (a reply still streaming) finish, for at most
 * `graceMs`; then cuts what is left. Idle keep-alive connections close at once.
 */
export function closeGracefully(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}
