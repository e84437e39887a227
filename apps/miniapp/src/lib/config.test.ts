import { appConfigSchema } from '@fartwin/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfigProblem, loadAppConfig, readAppConfig } from './config.ts';

const GLOBAL = '__FARTWIN_CONFIG__';

/** index.html's async /app-config.js, not run yet. */
function pendingConfigScript() {
  const config = (globalThis as Record<string, unknown>)[GLOBAL];
  delete (globalThis as Record<string, unknown>)[GLOBAL];
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
  const script = document.createElement('script');
  // Not a script type the test DOM would try to fetch; the test plays its load and error events.
  script.setAttribute('type', 'text/x-not-loaded');
  script.setAttribute('src', '/app-config.js');
  document.head.append(script);
  return { config, script };
}

afterEach(() => {
  for (const script of document.querySelectorAll('script[src="/app-config.js"]')) script.remove();
});

describe('the run-time config, loaded async by index.html', () => {
  it('is read once its script has run', async () => {
    const { config, script } = pendingConfigScript();
    const loaded = loadAppConfig();
    (globalThis as Record<string, unknown>)[GLOBAL] = config;
    script.dispatchEvent(new Event('load'));
    await expect(loaded).resolves.toMatchObject({ mode: 'local', chainId: 8453 });
  });

  it('a script that failed to load fails loudly', async () => {
    const { script } = pendingConfigScript();
    const loaded = loadAppConfig();
    script.dispatchEvent(new Event('error'));
    await expect(loaded).rejects.toThrow('The app configuration from the server is missing or invalid');
  });

  it('an invalid config fails loudly', async () => {
    (globalThis as Record<string, unknown>)[GLOBAL] = { mode: 'local' };
    await expect(loadAppConfig()).rejects.toThrow('The app configuration from the server is missing or invalid');
  });
});

describe('the hand check of the config (no zod in the first load)', () => {
  const valid = {
    mode: 'production',
    chainId: 8453,
    rpcUrl: 'https://mainnet.base.org',
    contracts: {
      usdc: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      fartwinLife: '0x0000000000000000000000000000000000000001',
      quoter: '0x3d4e44Eb1374240CE5F1B871ab261CD16335B76a',
    },
    quickAuthOrigin: 'https://auth.farcaster.xyz',
  };
  const { quoter: _, ...withoutQuoter } = valid.contracts;
  const samples: [string, unknown][] = [
    ['a production config', valid],
    ['a local one with no contracts', { ...valid, mode: 'local', contracts: null }],
    ['contracts without a quoter', { ...valid, contracts: withoutQuoter }],
    ['a server that relays signed batteries', { ...valid, batteryRelay: true }],
    ['a server that does not', { ...valid, batteryRelay: false }],
    ['a relay flag that is no boolean', { ...valid, batteryRelay: 'yes' }],
    ['a builder code suffix', { ...valid, dataSuffix: '0x62635f310400802180218021802180218021802180218021' }],
    ['a suffix of half a byte', { ...valid, dataSuffix: '0x628' }],
    ['a suffix that is no hex', { ...valid, dataSuffix: 'bc_1' }],
    ['nothing', null],
    ['an array', []],
    ['an unknown mode', { ...valid, mode: 'staging' }],
    ['a fractional chain id', { ...valid, chainId: 8453.5 }],
    ['a chain id as text', { ...valid, chainId: '8453' }],
    ['an RPC URL that is no URL', { ...valid, rpcUrl: 'mainnet.base.org' }],
    ['no Quick Auth origin', { ...valid, quickAuthOrigin: undefined }],
    ['contracts missing', { ...valid, contracts: undefined }],
    ['a short USDC address', { ...valid, contracts: { ...valid.contracts, usdc: '0x1234' } }],
    ['no life contract', { ...valid, contracts: { usdc: valid.contracts.usdc } }],
    ['a quoter that is no address', { ...valid, contracts: { ...valid.contracts, quoter: 'uniswap' } }],
  ];

  it.each(samples)('agrees with the protocol schema: %s', (_name, source) => {
    const parsed = appConfigSchema.safeParse(source);
    expect(appConfigProblem(source) === null).toBe(parsed.success);
    if (parsed.success) expect(readAppConfig(source)).toEqual(parsed.data);
    else expect(() => readAppConfig(source)).toThrow('The app configuration from the server is missing or invalid');
  });

  it('names the field that is wrong', () => {
    expect(() => readAppConfig({ ...valid, rpcUrl: 'nope' })).toThrow('rpcUrl must be a URL');
    expect(() => readAppConfig({ ...valid, contracts: { ...valid.contracts, usdc: 1 } })).toThrow(
      'contracts.usdc must be a 0x-prefixed 20-byte hex address',
    );
  });
});
