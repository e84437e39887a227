import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS } from '@fartwin/localstack/chromium';
import { defineConfig } from '@playwright/test';

process.env.FONTCONFIG_FILE ??= fileURLToPath(new URL('./fonts.conf', import.meta.url));

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  // One stack, one chain: journeys run one after another.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.FARTWIN_DEVHOST_URL,
    viewport: { width: 1280, height: 860 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      // Set by global-setup before the workers start.
      executablePath: process.env.CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
