import { defineConfig } from 'vitest/config';

/** Each workspace has its own vitest.config.ts (environment, setup); `npm run test:unit` runs them all. */
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'scripts/vitest.config.ts',
      'bench/vitest.config.ts',
    ],
  },
});
