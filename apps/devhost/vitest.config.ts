import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'devhost',
    // Node by default (the wallet tests run a real anvil); component tests ask for happy-dom in a docblock.
    environment: 'node',
    environmentOptions: { happyDOM: { url: 'http://localhost:3000' } },
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
