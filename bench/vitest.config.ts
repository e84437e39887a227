import { defineConfig } from 'vitest/config';

/** The bench's own measures (voice scores); the benchmarks themselves run with `npm run bench`. */
export default defineConfig({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
