import { APP_CONFIG_GLOBAL, type AppConfig } from '@fartwin/protocol';

// The config is checked by hand against the protocol's AppConfig (config.test.ts holds it to
// appConfigSchema): zod is 23 kB a page that shows no server data would fetch for this alone.

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** An ERC-8021 data suffix: whole bytes, at most 255 of them. */
const DATA_SUFFIX = /^0x(?:[0-9a-fA-F]{2}){1,255}$/;

type Record_ = Record<string, unknown>;

function isObject(value: unknown): value is Record_ {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** Why `source` is not an AppConfig, in words (the first problem); null when it is one. */
export function appConfigProblem(source: unknown): string | null {
  if (!isObject(source)) return 'not an object';
  if (source.mode !== 'local' && source.mode !== 'production') return 'mode must be "local" or "production"';
  if (!Number.isInteger(source.chainId)) return 'chainId must be an integer';
  if (!isUrl(source.rpcUrl)) return 'rpcUrl must be a URL';
  if (!isUrl(source.quickAuthOrigin)) return 'quickAuthOrigin must be a URL';
  if (source.batteryRelay !== undefined && typeof source.batteryRelay !== 'boolean') {
    return 'batteryRelay must be true or false';
  }
  if (
    source.dataSuffix !== undefined &&
    (typeof source.dataSuffix !== 'string' || !DATA_SUFFIX.test(source.dataSuffix))
  ) {
    return 'dataSuffix must be 0x-prefixed hex bytes (at most 255)';
  }
  const { contracts } = source;
  if (contracts === null) return null;
  if (!isObject(contracts)) return 'contracts must be an object or null';
  for (const name of ['usdc', 'fartwinLife', 'quoter'] as const) {
    const address = contracts[name];
    if (name === 'quoter' && address === undefined) continue;
    if (typeof address !== 'string' || !ADDRESS.test(address)) {
      return `contracts.${name} must be a 0x-prefixed 20-byte hex address`;
    }
  }
  return null;
}

/**
 * The run-time settings the bot service serves as /app-config.js. Validated once, so a broken
 * deployment fails loudly in the error boundary instead of half-working.
 */
export function readAppConfig(source: unknown = (globalThis as Record_)[APP_CONFIG_GLOBAL]): AppConfig {
  const problem = appConfigProblem(source);
  if (problem) throw new Error(`The app configuration from the server is missing or invalid: ${problem}`);
  const { mode, chainId, rpcUrl, contracts, batteryRelay, dataSuffix, quickAuthOrigin } = source as AppConfig;
  // Only the known keys, as a schema's parse would give.
  return {
    mode,
    chainId,
    rpcUrl,
    contracts: contracts && {
      usdc: contracts.usdc,
      fartwinLife: contracts.fartwinLife,
      ...(contracts.quoter === undefined ? {} : { quoter: contracts.quoter }),
    },
    // The signed revival is offered only when the server says it relays (relay/).
    ...(batteryRelay === undefined ? {} : { batteryRelay }),
    // The app's builder code, for every transaction the wallet sends.
    ...(dataSuffix === undefined ? {} : { dataSuffix }),
    quickAuthOrigin,
  };
}

/**
 * Settles once /app-config.js has run or failed. index.html loads it `async`: only what loads after
 * the first paint reads it, so the first screen does not wait for that request.
 */
function appConfigScript(): Promise<void> {
  // The script has run (it sets the global), or every async script has settled (the page's load).
  if (APP_CONFIG_GLOBAL in globalThis || document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const settled = () => resolve();
    const script = document.querySelector('script[src="/app-config.js"]');
    script?.addEventListener('load', settled, { once: true });
    script?.addEventListener('error', settled, { once: true });
    window.addEventListener('load', settled, { once: true });
  });
}

/** The run-time settings, once their script has run. */
export async function loadAppConfig(): Promise<AppConfig> {
  await appConfigScript();
  return readAppConfig();
}
