import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { SERVER_PATH_PREFIXES } from '../../packages/protocol/src/api.ts';
import { prerenderShells } from './prerender-shells.ts';
import { sdkOwnZod } from './sdk-own-zod.ts';

/** In `npm run dev` the API runs on its own port; proxy its paths so the app stays same-origin. */
const apiOrigin = process.env.FARTWIN_API_ORIGIN ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [
    // React 19's automatic JSX runtime, and Fast Refresh in `npm run dev` (an edited component keeps its state).
    react(),
    // The SDK's classic zod apart from the app's zod/mini, so pages without the SDK load a small core.
    sdkOwnZod(),
    // Brotli (quality 11) and gzip (level 9) copies beside every text asset, once per build, for the
    // server to send as they are (apps/server/src/manifest/miniapp-static.ts). Not index.html: the server adds each
    // page's head tags to it and compresses that answer itself.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.html$/], logLevel: 'silent' }),
    // Each screen's shell as HTML in a page of its own, for the first paint to need no script.
    prerenderShells(),
  ],
  server: {
    host: '127.0.0.1',
    port: Number(process.env.MINIAPP_DEV_PORT ?? 5173),
    strictPort: true,
    proxy: Object.fromEntries(SERVER_PATH_PREFIXES.map((path) => [path, { target: apiOrigin, changeOrigin: true }])),
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Which chunks and styles each screen loads on demand, for its prerendered page to ask for them at once.
    manifest: true,
    // The app's styles in one file (about 5 kB brotli): a request costs about 0.4 kB of headers, so
    // a twin's page with five small per-screen files paid more for them than the styles of every
    // screen weigh, and a prerendered shell has all it needs from the first file.
    cssCodeSplit: false,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [
          // The protocol package's modules only declare schemas and constants. Said so, a first-load
          // module that takes a constant does not bring the schemas (and zod) along.
          { test: /\/packages\/protocol\/src\//, sideEffects: false },
          // A feature's (or a platform piece's) index.ts only re-exports. Said so, a module that takes
          // one name from it bundles that name's module alone: entering a feature through its index
          // (the layout rule) does not pull its other exports into the importer's chunk.
          { test: /\/src\/(features|platform)\/[^/]+\/index\.ts$/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          // React's own code (react, react-dom, its scheduler) in one chunk every screen shares: it
          // changes only with React's version, so a release of the app leaves it in the browser's
          // cache (the server sends hashed assets as immutable).
          // Everything else of the first load in one chunk with the entry's: every page loads all of it,
          // and each small chunk of its own cost a request's headers (about 0.4 kB).
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
