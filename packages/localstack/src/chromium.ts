import { existsSync } from 'node:fs';

/**
 * The Chromium the e2e journeys and the ready() benchmark drive: CHROMIUM_PATH if set, else the one shipped inside the
 * @sparticuz/chromium npm package (nothing is downloaded; it unpacks from node_modules).
 */
export async function resolveChromiumPath(): Promise<string> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH points at ${fromEnv}, which does not exist`);
    return fromEnv;
  }
  const { default: chromium } = await import('@sparticuz/chromium');
  return chromium.executablePath();
}

/** Flags for a headless Chromium on a machine with no network but loopback (not the package's own args). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
