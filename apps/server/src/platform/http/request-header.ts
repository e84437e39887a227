import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * A request header, read from Node's parsed headers when the request came through @hono/node-server
 * (its bindings): asking the Request for one header builds a whole Headers object of the request's,
 * a measured cost on the paths that answer most (bench/).
 */
export function requestHeader(c: Context, name: 'if-none-match' | 'accept-encoding'): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming ? incoming.headers[name] : c.req.header(name);
}
