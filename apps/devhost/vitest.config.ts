import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'devhost',
    environment: 'node',
    include: ['src/**/*.test.ts', 'server/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
