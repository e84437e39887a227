import { errorBodySchema } from '@fartwin/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDomain } from '../src/auth/app-domain.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { tokenFor } from './quick-auth-client.ts';
import { createTwin } from './twins.ts';

/** Values of every kind a path segment, a query parameter or a body field may be given by anyone. */
const BAD_VALUES = [
  '2026-02-31T25:61:00Z',
  '0000-00-00',
  '99999999999999999999999999',
  '3000000000',
  '-1',
  '1e308',
  'NaN',
  'true',
  'x'.repeat(5_000),
];
/** Query parameters the routes read (cursors, limits, versions, dates): each given each bad value. */
const QUERY_NAMES = ['cursor', 'limit', 'before', 'after', 'version', 'since', 'fid', 'agentId', 'page'];

/**
 * Every route the server answers, fed bad values in its path, its query and its body: each answer
 * is a definite one with a clear error code, never a 500 `internal_error` (a value that passed the
 * edge and failed in Postgres or a parser).
 */
describe('every route, fed bad parameters', () => {
  let server: TestServer;
  let bearer: string;
  let agentId: string;
  beforeAll(async () => {
    // Each request from its own client address: the per-IP limits would answer 429 before the checks.
    server = await startTestServer({ TRUST_PROXY_HOPS: '1' });
    await seedLocalNetwork(server.db, server.config.publicUrl);
    agentId = (await createTwin(server.db, 1001)).agentId;
    bearer = await tokenFor((path, init) => server.app.request(path, init), 1001, appDomain(server.config.publicUrl));
  }, 180_000);
  afterAll(() => server?.close());

  /** The server's routes with a method and a path of their own (not middleware on every path). */
  const routes = () => {
    const seen = new Set<string>();
    return server.app.routes
      .filter((route) => route.method !== 'ALL' && !route.path.includes('*'))
      .filter((route) => {
        const key = `${route.method} ${route.path}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  };
  const withParams = (path: string, value: (name: string) => string) =>
    path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, (_, name: string) => encodeURIComponent(value(name)));

  const failures: string[] = [];
  let requests = 0;
  const check = async (method: string, url: string, body?: string) => {
    const response = await server.app.request(url, {
      method,
      headers: {
        authorization: `Bearer ${bearer}`,
        'x-forwarded-for': `10.9.${Math.floor(++requests / 250) % 250}.${requests % 250}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    if (response.status === 500) failures.push(`${method} ${url.slice(0, 160)} → 500 ${text.slice(0, 200)}`);
    if (response.status >= 400) {
      const parsed = errorBodySchema.safeParse(
        (() => {
          try {
            return JSON.parse(text);
          } catch {
            return null;
          }
        })(),
      );
      // The API answers JSON errors; the pages and images around it answer in their own kind.
      if (!parsed.success && url.startsWith('/doppelganger/') && response.status !== 404 && response.status !== 405) {
        failures.push(
          `${method} ${url.slice(0, 160)} → ${response.status} without an error code: ${text.slice(0, 200)}`,
        );
      }
      if (parsed.success && parsed.data.code === 'internal_error') {
        failures.push(`${method} ${url.slice(0, 160)} → internal_error`);
      }
    }
  };

  it('answers bad path segments, query values and bodies with a clear error, never a 500', async () => {
    const list = routes();
    expect(list.length).toBeGreaterThan(10);
    for (const route of list) {
      const method = route.method;
      const hasBody = method === 'POST' || method === 'PATCH' || method === 'PUT';
      // Each bad value in every path parameter.
      for (const value of BAD_VALUES) {
        await check(
          method,
          withParams(route.path, () => value),
          hasBody ? '{}' : undefined,
        );
      }
      // Good path parameters (the twin, its owner), bad query values.
      const good = withParams(route.path, (name) => (/fid/i.test(name) ? '1001' : agentId));
      for (const name of QUERY_NAMES) {
        for (const value of BAD_VALUES) {
          await check(method, `${good}?${name}=${encodeURIComponent(value)}`, hasBody ? '{}' : undefined);
        }
      }
      // Bodies of the wrong type, or with fields of the wrong type.
      if (hasBody) {
        for (const body of [
          '"text"',
          '[1,2]',
          '{"a":',
          'null',
          JSON.stringify({ version: 3e9, cursor: BAD_VALUES[0] }),
        ]) {
          await check(method, good, body);
        }
      }
    }
    expect([...new Set(failures.map((failure) => failure.replace(/x{20,}/g, 'x…').replace(/\?.*? →/, ' →')))]).toEqual(
      [],
    );
  }, 600_000);
});
