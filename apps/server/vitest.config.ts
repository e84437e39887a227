import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One real Postgres cluster per run; each test file gets its own database.
    globalSetup: ['test/postgres.global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
