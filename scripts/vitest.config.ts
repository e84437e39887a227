import { defineConfig } from 'vitest/config';

/** The launcher's own tests (`npm start`'s supervision of its services). */
export default defineConfig({
  test: {
    name: 'scripts',
    environment: 'node',
    include: ['**/*.test.ts'],
    testTimeout: 60_000,
  },
});
