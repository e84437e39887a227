import { createServer } from 'node:net';

/** Thrown when a service's port is taken, so the launcher can say which service and which port. */
export class PortInUseError extends Error {
  constructor(
    readonly service: string,
    readonly port: number,
  ) {
    super(`Port ${port} for ${service} is already in use. Stop whatever uses it, or set another port.`);
    this.name = 'PortInUseError';
  }
}

function tryListen(port: number, host: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(null);
      else reject(error);
    });
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      server.close(() => resolve(bound));
    });
  });
}

/** A port the OS says is free right now (for tests that start their own services). */
export async function getFreePort(host = '127.0.0.1'): Promise<number> {
  const port = await tryListen(0, host);
  if (port === null) throw new Error('No free port available');
  return port;
}

export async function assertPortFree(service: string, port: number, host = '127.0.0.1'): Promise<void> {
  if ((await tryListen(port, host)) === null) throw new PortInUseError(service, port);
}
