import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveChromiumPath } from '@fartwin/localstack/chromium';
import { startStack } from '../scripts/stack/start-stack.ts';
import { LIFE_WATCH_SECONDS } from './support/stack.ts';

/**
 * The whole product, as `npm start` runs it, on free ports and a throw-away data folder, so the
 * tests never touch a developer's running stack or its data.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'fartwin-e2e-'));
  process.env.CHROMIUM_PATH = await resolveChromiumPath();
  const stack = await startStack({
    dataDir,
    ports: 'free',
    serverEnv: {
      // E2E_LOG_LEVEL=info with E2E_KEEP_DATA=1 keeps a run's server logs to read afterwards.
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      LIFE_WATCH_INTERVAL_SECONDS: String(LIFE_WATCH_SECONDS),
      // One journey person tags twins more often in minutes than the per-author default allows in an
      // hour (5); the limits themselves are proven in apps/server/test/twin-actions.test.ts.
      REPLIES_PER_AUTHOR_PER_HOUR: '20',
    },
  });
  process.env.FARTWIN_DEVHOST_URL = stack.devhostUrl;
  process.env.FARTWIN_SERVER_URL = stack.serverUrl;
  process.env.FARTWIN_RPC_URL = stack.rpcUrl;
  // Where the contracts bootstrap wrote the addresses, for the journeys' chain set-up.
  process.env.FARTWIN_DEPLOYMENT_FILE = join(dataDir, 'deployment.json');
  return async () => {
    await stack.stop();
    if (process.env.E2E_KEEP_DATA === '1') console.log(`e2e data and logs kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  };
}
