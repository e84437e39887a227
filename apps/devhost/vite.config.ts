import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', port: Number(process.env.DEVHOST_DEV_PORT ?? 5174), strictPort: true },
  build: { target: 'es2022', sourcemap: true },
});
