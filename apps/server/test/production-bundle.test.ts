import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { agentsResponseSchema, apiPaths, healthReadySchema } from '@fartwin/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildServerBundle,
  expectCleanLog,
  type ProcessStack,
  type ServerProcess,
  startProcessStack,
  startServerProcess,
} from './server-process.ts';

const BUNDLE = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/**
 * The file production runs (`node dist/main.js`, built by `npm run build -w @fartwin/server`), started
 * once: built here from the current sources, so a bundle that cannot start (a package it needs left
 * out, a path that only resolves under tsx) fails this test, whatever order the tests run in.
 */
describe('the production bundle', () => {
  let stack: ProcessStack;
  let server: ServerProcess;
  let builtAt: number;

  beforeAll(async () => {
    const before = Date.now();
    await buildServerBundle();
    builtAt = statSync(BUNDLE).mtimeMs;
    expect(builtAt).toBeGreaterThanOrEqual(before - 1_000);
    stack = await startProcessStack('bundle');
    server = await startServerProcess(stack, { LOG_LEVEL: 'info' }, { entry: 'bundle' });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await stack?.stop();
  });

  it('starts in local mode, gets ready and serves the directory, its page and the API', async () => {
    expect(existsSync(BUNDLE)).toBe(true);
    await vi.waitFor(async () => expect((await server.request('/health/ready')).status).toBe(200), {
      timeout: 120_000,
      interval: 500,
    });
    expect(healthReadySchema.parse(await (await server.request('/health/ready')).json()).status).toBe('ready');
    // The local network's sample twins, deployed at start-up through the bundle's own pipeline.
    const twins = await vi.waitFor(
      async () => {
        const page = agentsResponseSchema.parse(await (await server.request(apiPaths.agents)).json());
        expect(page.agents.length).toBeGreaterThanOrEqual(3);
        return page.agents;
      },
      { timeout: 120_000, interval: 1_000 },
    );
    // A twin's card, rendered by the server (wasm and fonts found from the bundle's place).
    const card = await server.request(`/images/agents/${encodeURIComponent(twins[0]!.agentId)}.png`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await card.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const html = await server.request('/agents');
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await html.text()).toContain('fc:miniapp');
    expect(server.logLines.some((line) => line.includes('server listening'))).toBe(true);
    expectCleanLog(server.logLines);
  }, 300_000);
});
