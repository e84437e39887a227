import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

const apiDoc = fileURLToPath(new URL('../../../docs/api.md', import.meta.url));
const START = '<!-- routes:start -->';
const END = '<!-- routes:end -->';

/** The routes as docs/api.md lists them: `METHOD path`, middleware (`ALL`) left out, sorted by path. */
function routeTable(routes: readonly { method: string; path: string }[]): string[] {
  const unique = new Set(
    routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`),
  );
  return [...unique].sort((a, b) => {
    const [methodA = '', pathA = ''] = a.split(' ');
    const [methodB = '', pathB = ''] = b.split(' ');
    return pathA === pathB ? methodA.localeCompare(methodB) : pathA.localeCompare(pathB);
  });
}

const block = (routes: string[]) =>
  [
    START,
    '| Method | Path |',
    '| --- | --- |',
    ...routes.map((route) => route.replace(' ', ' | `')).map((row) => `| ${row}\` |`),
    END,
  ].join('\n');

describe('docs/api.md', () => {
  let server: TestServer;
  beforeAll(async () => {
    // With the Neynar webhook's secret, so its route is mounted as in production.
    server = await startTestServer({ NEYNAR_WEBHOOK_SECRET: 'api-doc-test-secret-0123456789abcdef' });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('lists every route of the app, and describes each one above the list', () => {
    const routes = routeTable(server.app.routes);
    const doc = readFileSync(apiDoc, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END) + END.length;
    expect(start).toBeGreaterThan(0);
    const generated = block(routes);
    if (process.env.UPDATE_API_DOC === '1') writeFileSync(apiDoc, doc.slice(0, start) + generated + doc.slice(end));
    else expect(doc.slice(start, end)).toBe(generated);

    const described = doc.slice(0, start);
    const undescribed = routes.filter((route) => !described.includes(`\`${route}\``));
    expect(undescribed).toEqual([]);
    expect(routes).toContain('POST /doppelganger/chat-with-fartwin/:agentId');
  });
});
