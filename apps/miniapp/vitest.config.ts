import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The JSX transform that ships (vite.config.ts): React 19's automatic runtime.
  plugins: [react()],
  test: {
    name: 'miniapp',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // The wagmi connector imports the SDK itself: transform it so the SDK test double reaches it too.
    server: { deps: { inline: ['@farcaster/miniapp-wagmi-connector'] } },
  },
});
