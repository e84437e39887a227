import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/** Marks the Farcaster SDK's own instance of a zod module. */
const PREFIX = '\0sdk-zod:';
const FARCASTER_PACKAGES = /[\\/]node_modules[\\/]@farcaster[\\/]/;
const ZOD_IMPORT = /^zod(\/|$)/;

/**
 * The Farcaster SDK (@farcaster/miniapp-core) builds its schemas with classic zod, whose string
 * methods reach every format zod has (emails, JWTs, IPs, ISO durations…). The app's own schemas
 * (@fartwin/protocol) use zod/mini, which reaches only what it uses. Both share zod's core module,
 * and a module is one chunk: so every page paid for the SDK's formats (a 14 kB chunk), even the
 * pages that never load the SDK (web mode, a visitor's twin page).
 *
 * Here the SDK's zod is its own instance (same files, other module ids) that lives in the SDK's
 * lazy chunk; the app's tree-shaken core stays small. In a Farcaster client, which loads the SDK,
 * zod's core comes twice: the price of the pages that load without it.
 */
export function sdkOwnZod(): Plugin {
  return {
    name: 'fartwin:sdk-own-zod',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const fromSdkZod = importer.startsWith(PREFIX);
      const fromSdk = !fromSdkZod && FARCASTER_PACKAGES.test(importer) && ZOD_IMPORT.test(source);
      if (!fromSdkZod && !fromSdk) return null;
      const realImporter = fromSdkZod ? importer.slice(PREFIX.length) : importer;
      const resolved = await this.resolve(source, realImporter, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      // Its side-effect flags stay zod's own (from its package.json), so the copy tree-shakes too.
      return { ...resolved, id: `${PREFIX}${resolved.id}` };
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      return readFile(id.slice(PREFIX.length), 'utf8');
    },
  };
}
