import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { defineConfig } from 'vitest/config';
import { preactAlias, preactJsx } from './preact-alias.ts';

const resolve = createRequire(import.meta.url).resolve;
/**
 * The ES module builds of the libraries that import React (Node would pick their CommonJS ones, whose
 * `require('react')` goes past the alias).
 */
const esModuleBuilds = [
  {
    find: /^@testing-library\/react$/,
    replacement: `${dirname(resolve('@testing-library/react'))}/@testing-library/react.esm.js`,
  },
];

export default defineConfig({
  // What ships (vite.config.ts): React's API on preact/compat.
  resolve: { alias: [...preactAlias, ...esModuleBuilds] },
  oxc: { jsx: preactJsx },
  test: {
    name: 'miniapp',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // The wagmi connector imports the SDK itself: transform it so the SDK test double reaches it too.
    // The libraries that import React are transformed too, so the alias reaches them (one runtime).
    server: {
      deps: {
        inline: [
          '@farcaster/miniapp-wagmi-connector',
          '@testing-library/react',
          '@tanstack/react-query',
          'wouter-preact',
          'wagmi',
        ],
      },
    },
  },
});
