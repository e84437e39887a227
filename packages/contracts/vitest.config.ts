import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Lets the config run from anywhere (`vitest --config packages/contracts/vitest.config.ts`) and as a root project.
  root: import.meta.dirname,
  test: {
    name: 'contracts',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Compiles the contracts first (a no-op when the sources are unchanged).
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
