import { createDevhostServer } from '../../app.ts';
import { loadDevhostServerConfig } from '../../config.ts';
import type { ClientBackendOptions } from '../routes.ts';
import type { FakeBotService } from './fake-bot-service.ts';

/** The public URL tests give the dev host unless they say otherwise. */
export const DEVHOST_URL = 'http://localhost:3999';

/** A dev host whose mini-app and bot service are `fake`, and calls to its client backend. */
export function devhostFor(
  fake: Pick<FakeBotService, 'url'>,
  env: NodeJS.ProcessEnv = {},
  options?: ClientBackendOptions,
) {
  const config = loadDevhostServerConfig({
    MINIAPP_URL: fake.url,
    API_URL: fake.url,
    DEVHOST_PUBLIC_URL: DEVHOST_URL,
    ...env,
  });
  const app = createDevhostServer(config, options);
  /** A JSON call (raw string bodies as they are), answered as status and parsed body. */
  const call = async (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) => {
    const response = await app.request(path, {
      method,
      ...(body === undefined
        ? {}
        : {
            headers: { 'content-type': 'application/json' },
            body: typeof body === 'string' ? body : JSON.stringify(body),
          }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  return { app, config, call };
}
export type DevhostClient = ReturnType<typeof devhostFor>;
