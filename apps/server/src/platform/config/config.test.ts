import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LOCAL_BASE_NOTIFICATIONS_API_KEY } from '@fartwin/localstack/base-notifications';
import { describe, expect, it } from 'vitest';
import { ConfigError, LOCAL_WALLET_SESSION_SECRET, loadConfig } from './config.ts';

const PRODUCTION_ENV = {
  FARTWIN_MODE: 'production',
  PUBLIC_URL: 'https://fartwin.example.com',
  DATABASE_URL: 'postgres://user:pw@db.example.com:5432/fartwin',
  CHAIN_RPC_URL: 'https://mainnet.base.org',
  USDC_ADDRESS: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  FARTWIN_LIFE_ADDRESS: '0x1111111111111111111111111111111111111111',
  OPERATOR_PRIVATE_KEY: `0x${'ab'.repeat(32)}`,
  WALLET_ENCRYPTION_KEY: `0x${'cd'.repeat(32)}`,
  NEYNAR_API_KEY: 'neynar-key',
  NEYNAR_WALLET_ID: 'neynar-wallet',
  ACCOUNT_ASSOCIATION: JSON.stringify({ header: 'eyJ', payload: 'eyJ', signature: 'MHg' }),
  WALLET_SESSION_SECRET: 'ef'.repeat(32),
};

describe('loadConfig', () => {
  it('needs nothing set in local mode', () => {
    const config = loadConfig({});
    expect(config.mode).toBe('local');
    expect(config.port).toBe(3001);
    expect(config.databaseUrl).toMatch(/^postgres:\/\//);
    expect(config.chain.deploymentFile).toMatch(/\.data\/deployment\.json$/);
    expect(config.llm).toBeUndefined();
  });

  it("caps the fee keeper's spends in wei, at most 1 ETH each, naming a bad variable", () => {
    expect(loadConfig(PRODUCTION_ENV).feeKeeper).toEqual({
      intervalSeconds: 300,
      limits: {
        dueSeconds: 86_400,
        maxSwapWei: 50_000_000_000_000_000n,
        gasReserveWei: 1_000_000_000_000_000n,
        gasAdvanceWei: 1_000_000_000_000_000n,
      },
    });
    expect(loadConfig({ FEE_KEEPER_MAX_SWAP_WEI: '1000' }).feeKeeper.limits.maxSwapWei).toBe(1000n);
    expect(loadConfig({}).feeKeeper.intervalSeconds).toBe(5);
    expect(() => loadConfig({ FEE_KEEPER_MAX_SWAP_WEI: '2000000000000000000' })).toThrow(
      /FEE_KEEPER_MAX_SWAP_WEI must be at most 1 ETH/,
    );
    expect(() => loadConfig({ FEE_KEEPER_GAS_ADVANCE_WEI: '-1' })).toThrow(/FEE_KEEPER_GAS_ADVANCE_WEI/);
    expect(() => loadConfig({ FEE_KEEPER_GAS_RESERVE_WEI: 'lots' })).toThrow(/FEE_KEEPER_GAS_RESERVE_WEI/);
  });

  it('accepts a complete production environment', () => {
    const config = loadConfig(PRODUCTION_ENV);
    expect(config.mode).toBe('production');
    expect(config.chain.deploymentFile).toBeUndefined();
    expect(config.chain.fartwinLifeAddress).toBe(PRODUCTION_ENV.FARTWIN_LIFE_ADDRESS);
  });

  it("quotes revivals with Base's QuoterV2 unless QUOTER_ADDRESS names another, and refuses a malformed one", () => {
    expect(loadConfig(PRODUCTION_ENV).chain.quoterAddress).toBe('0x3d4e44Eb1374240CE5F1B871ab261CD16335B76a');
    const other = '0x2222222222222222222222222222222222222222';
    expect(loadConfig({ ...PRODUCTION_ENV, QUOTER_ADDRESS: other }).chain.quoterAddress).toBe(other);
    expect(() => loadConfig({ ...PRODUCTION_ENV, QUOTER_ADDRESS: '0x1234' })).toThrow(/QUOTER_ADDRESS/);
  });

  it.each([
    'PUBLIC_URL',
    'DATABASE_URL',
    'CHAIN_RPC_URL',
    'USDC_ADDRESS',
    'FARTWIN_LIFE_ADDRESS',
    'OPERATOR_PRIVATE_KEY',
    'WALLET_ENCRYPTION_KEY',
    'NEYNAR_API_KEY',
    'NEYNAR_WALLET_ID',
    'ACCOUNT_ASSOCIATION',
    'WALLET_SESSION_SECRET',
  ])('names %s when production lacks it', (name) => {
    const env: Record<string, string> = { ...PRODUCTION_ENV };
    delete env[name];
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name} is required in production mode`));
  });

  it('keeps local mode, with its public development keys, on this machine unless told it is a test setup', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/HOST must be a loopback address/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://twins.example.com' })).toThrow(/PUBLIC_URL must be a localhost URL/);
    for (const host of ['127.0.0.1', '::1', 'localhost']) expect(loadConfig({ HOST: host }).host).toBe(host);
    expect(loadConfig({ PUBLIC_URL: 'http://app.localhost:3001' }).publicUrl).toBe('http://app.localhost:3001');
    expect(loadConfig({ HOST: '0.0.0.0', ALLOW_EXPOSED_LOCAL_MODE: 'true' }).host).toBe('0.0.0.0');
  });

  it('keeps the Neynar webhook’s secrets and ids together, as comma-separated lists', () => {
    const config = loadConfig({
      ...PRODUCTION_ENV,
      NEYNAR_WEBHOOK_SECRET: 'secret-1, secret-2',
      NEYNAR_WEBHOOK_IDS: 'wh-1,wh-2',
      NEYNAR_WEBHOOK_MAX_FIDS: '500',
    });
    expect(config.neynarWebhookSecrets).toEqual(['secret-1', 'secret-2']);
    expect(config.neynarWebhook).toEqual({ ids: ['wh-1', 'wh-2'], maxFids: 500, syncSeconds: 300 });
    expect(loadConfig(PRODUCTION_ENV).neynarWebhook.ids).toEqual([]);
    expect(() => loadConfig({ ...PRODUCTION_ENV, NEYNAR_WEBHOOK_SECRET: 's' })).toThrow(
      /NEYNAR_WEBHOOK_IDS is required with NEYNAR_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ ...PRODUCTION_ENV, NEYNAR_WEBHOOK_IDS: 'wh-1' })).toThrow(
      /NEYNAR_WEBHOOK_SECRET is required with NEYNAR_WEBHOOK_IDS/,
    );
    expect(() => loadConfig({ ...PRODUCTION_ENV, NEYNAR_WEBHOOK_SECRET: 's,', NEYNAR_WEBHOOK_IDS: 'wh-1' })).toThrow(
      /NEYNAR_WEBHOOK_SECRET must be a comma-separated list without empty items/,
    );
    expect(() => loadConfig({ ...PRODUCTION_ENV, NEYNAR_WEBHOOK_MAX_FIDS: '0' })).toThrow(/NEYNAR_WEBHOOK_MAX_FIDS/);
  });

  it('refuses the public development keys in production', () => {
    const devOperator = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
    expect(() => loadConfig({ ...PRODUCTION_ENV, OPERATOR_PRIVATE_KEY: devOperator })).toThrow(
      /OPERATOR_PRIVATE_KEY is a public development key/,
    );
    expect(() => loadConfig({ ...PRODUCTION_ENV, WALLET_ENCRYPTION_KEY: `0x${'11'.repeat(32)}` })).toThrow(
      /WALLET_ENCRYPTION_KEY is the public local key/,
    );
    expect(() => loadConfig({ ...PRODUCTION_ENV, WALLET_SESSION_SECRET: LOCAL_WALLET_SESSION_SECRET })).toThrow(
      /WALLET_SESSION_SECRET is the public local secret/,
    );
    expect(() => loadConfig({ ...PRODUCTION_ENV, WALLET_SESSION_SECRET: 'short' })).toThrow(
      /WALLET_SESSION_SECRET must be at least 32 characters/,
    );
  });

  it('signs local web-mode sessions with the public local secret for a day, unless told otherwise', () => {
    expect(loadConfig({}).walletSession).toEqual({ secret: LOCAL_WALLET_SESSION_SECRET, ttlSeconds: 86_400 });
    expect(loadConfig({ ...PRODUCTION_ENV, WALLET_SESSION_TTL_SECONDS: '3600' }).walletSession).toEqual({
      secret: 'ef'.repeat(32),
      ttlSeconds: 3600,
    });
  });

  it("notifies by wallet through Base's API: locally the dev host's stand-in, in production only with a key", () => {
    expect(loadConfig({}).baseNotifications).toEqual({
      apiUrl: 'http://localhost:3000/base/api/v1/notifications',
      apiKey: LOCAL_BASE_NOTIFICATIONS_API_KEY,
      appUrl: 'http://localhost:3001',
    });
    expect(loadConfig(PRODUCTION_ENV).baseNotifications).toBeUndefined();
    expect(loadConfig({ ...PRODUCTION_ENV, BASE_NOTIFICATIONS_API_KEY: 'dashboard-key' }).baseNotifications).toEqual({
      apiUrl: 'https://dashboard.base.org/api/v1/notifications',
      apiKey: 'dashboard-key',
      appUrl: PRODUCTION_ENV.PUBLIC_URL,
    });
    const registered = { ...PRODUCTION_ENV, BASE_NOTIFICATIONS_API_KEY: 'k', BASE_APP_URL: 'https://app.example.com' };
    expect(loadConfig(registered).baseNotifications?.appUrl).toBe('https://app.example.com');
    expect(() =>
      loadConfig({ ...PRODUCTION_ENV, BASE_NOTIFICATIONS_API_KEY: LOCAL_BASE_NOTIFICATIONS_API_KEY }),
    ).toThrow(/BASE_NOTIFICATIONS_API_KEY is the dev host's public key/);
    expect(() => loadConfig({ BASE_NOTIFICATIONS_API_KEY: 'x'.repeat(257) })).toThrow(/BASE_NOTIFICATIONS_API_KEY/);
  });

  it('gives browsers PUBLIC_RPC_URL, never CHAIN_RPC_URL with its provider key', () => {
    const keyed = { ...PRODUCTION_ENV, CHAIN_RPC_URL: 'https://base-mainnet.example.com/v2/secret-key' };
    expect(loadConfig(keyed).chain.publicRpcUrl).toBe('https://mainnet.base.org');
    expect(loadConfig({ ...keyed, PUBLIC_RPC_URL: 'https://rpc.example.com' }).chain.publicRpcUrl).toBe(
      'https://rpc.example.com',
    );
    // Locally the browser reads the same anvil the server does.
    expect(loadConfig({ CHAIN_RPC_URL: 'http://127.0.0.1:9545' }).chain.publicRpcUrl).toBe('http://127.0.0.1:9545');
  });

  it('ticks the life watch every few seconds locally, every minute in production, or as configured', () => {
    expect(loadConfig({}).lifeWatchIntervalSeconds).toBe(5);
    expect(loadConfig(PRODUCTION_ENV).lifeWatchIntervalSeconds).toBe(60);
    expect(loadConfig({ ...PRODUCTION_ENV, LIFE_WATCH_INTERVAL_SECONDS: '30' }).lifeWatchIntervalSeconds).toBe(30);
    expect(() => loadConfig({ LIFE_WATCH_INTERVAL_SECONDS: '0' })).toThrow(/LIFE_WATCH_INTERVAL_SECONDS/);
    expect(() => loadConfig({ LIFE_WATCH_INTERVAL_SECONDS: 'often' })).toThrow(/LIFE_WATCH_INTERVAL_SECONDS/);
  });

  it('takes an operator token for /health of at least 32 characters, and a reuse window for its checks', () => {
    expect(loadConfig(PRODUCTION_ENV).health).toEqual({ token: undefined, cacheMs: 5_000 });
    const token = 'ab'.repeat(16);
    expect(loadConfig({ ...PRODUCTION_ENV, HEALTH_TOKEN: token, HEALTH_CACHE_MS: '2000' }).health).toEqual({
      token,
      cacheMs: 2_000,
    });
    expect(() => loadConfig({ ...PRODUCTION_ENV, HEALTH_TOKEN: 'short' })).toThrow(/HEALTH_TOKEN must be at least 32/);
  });

  it('caps the signed revivals the operator relays per payer, per day, by its ETH floor, and to plain wallets', () => {
    expect(loadConfig({}).batteryRelay).toEqual({
      perPayerPerDay: 3,
      perDay: 200,
      minOperatorWei: 10_000_000_000_000_000n,
      contractWallets: false,
    });
    const tuned = loadConfig({
      RELAY_PER_PAYER_PER_DAY: '1',
      RELAY_PER_DAY: '0',
      RELAY_MIN_OPERATOR_ETH: '0.25',
      RELAY_CONTRACT_WALLETS: 'true',
    });
    expect(tuned.batteryRelay).toEqual({
      perPayerPerDay: 1,
      perDay: 0,
      minOperatorWei: 250_000_000_000_000_000n,
      contractWallets: true,
    });
    expect(() => loadConfig({ RELAY_CONTRACT_WALLETS: 'yes' })).toThrow(/RELAY_CONTRACT_WALLETS/);
    expect(() => loadConfig({ RELAY_MIN_OPERATOR_ETH: '1e18' })).toThrow(
      /RELAY_MIN_OPERATOR_ETH must be an amount of ETH/,
    );
    expect(() => loadConfig({ RELAY_PER_DAY: '-1' })).toThrow(/RELAY_PER_DAY/);
  });

  it("caps the owner's withdrawals of each asset a day: USDC, ETH, and the token as a share of its supply", () => {
    expect(loadConfig({}).twinWallet).toEqual({
      withdrawUsdcPerDay: 100,
      withdrawEthPerDayWei: 30_000_000_000_000_000n,
      withdrawTokenPerDayBps: 100,
      gasReserveEth: 0.0005,
      chainBudgetMs: 10_000,
    });
    const tuned = loadConfig({ TWIN_WITHDRAW_ETH_PER_DAY: '0.5', TWIN_WITHDRAW_TOKEN_PER_DAY_BPS: '0' });
    expect(tuned.twinWallet).toMatchObject({
      withdrawEthPerDayWei: 500_000_000_000_000_000n,
      withdrawTokenPerDayBps: 0,
    });
    expect(() => loadConfig({ TWIN_WITHDRAW_ETH_PER_DAY: '-1' })).toThrow(/TWIN_WITHDRAW_ETH_PER_DAY/);
    expect(() => loadConfig({ TWIN_WITHDRAW_TOKEN_PER_DAY_BPS: '10001' })).toThrow(/TWIN_WITHDRAW_TOKEN_PER_DAY_BPS/);
    expect(() => loadConfig({ TWIN_WITHDRAW_TOKEN_PER_DAY_BPS: '1.5' })).toThrow(/TWIN_WITHDRAW_TOKEN_PER_DAY_BPS/);
  });

  it("limits the twins' replies per author and per twin, and answers accounts from a quality score up", () => {
    expect(loadConfig({}).replyRules).toEqual({
      perAuthor: { hour: 5, day: 20 },
      perTwin: { hour: 30, day: 200 },
      minUserScore: 0.5,
    });
    const tuned = loadConfig({
      REPLIES_PER_TWIN_PER_HOUR: '60',
      REPLIES_PER_TWIN_PER_DAY: '600',
      REPLY_MIN_USER_SCORE: '0',
    });
    expect(tuned.replyRules.perTwin).toEqual({ hour: 60, day: 600 });
    expect(tuned.replyRules.minUserScore).toBe(0);
    expect(() => loadConfig({ REPLIES_PER_AUTHOR_PER_HOUR: '30' })).toThrow(
      /REPLIES_PER_AUTHOR_PER_HOUR must not be more than REPLIES_PER_AUTHOR_PER_DAY/,
    );
    expect(() => loadConfig({ REPLY_MIN_USER_SCORE: '1.5' })).toThrow(/REPLY_MIN_USER_SCORE/);
    expect(() => loadConfig({ REPLIES_PER_TWIN_PER_DAY: '-1' })).toThrow(/REPLIES_PER_TWIN_PER_DAY/);
  });

  it('runs both roles in one process unless FARTWIN_ROLE says api or worker, and names a wrong one', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ ...PRODUCTION_ENV, FARTWIN_ROLE: 'api' }).role).toBe('api');
    expect(loadConfig({ ...PRODUCTION_ENV, FARTWIN_ROLE: 'worker' }).role).toBe('worker');
    expect(() => loadConfig({ FARTWIN_ROLE: 'cron' })).toThrow(/FARTWIN_ROLE/);
  });

  it('names a malformed variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ...PRODUCTION_ENV, ACCOUNT_ASSOCIATION: '{"header":1}' })).toThrow(
      /ACCOUNT_ASSOCIATION must be JSON with header, payload and signature strings/,
    );
    expect(() => loadConfig({ ...PRODUCTION_ENV, OPERATOR_PRIVATE_KEY: '0x1234' })).toThrow(
      /OPERATOR_PRIVATE_KEY must be 0x followed by 64 hex characters/,
    );
    expect(() => loadConfig({ ...PRODUCTION_ENV, PUBLIC_URL: 'http://insecure.example.com' })).toThrow(
      /PUBLIC_URL must be an https URL/,
    );
  });
});

describe('server start-up with bad configuration', () => {
  it('prints one line naming the variable and exits 1, without a stack trace', async () => {
    const entry = fileURLToPath(new URL('../../main.ts', import.meta.url));
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', entry], {
      env: { PATH: process.env.PATH, FARTWIN_MODE: 'production', PUBLIC_URL: 'https://fartwin.example.com' },
    });
    const failure = await run.then(
      () => {
        throw new Error('the server started with bad configuration');
      },
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure.code).toBe(1);
    const lines = failure.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: /);
    expect(lines[0]).toMatch(/DATABASE_URL/);
    expect(lines[0]).toMatch(/NEYNAR_API_KEY is required in production mode/);
    expect(failure.stderr).not.toMatch(/\n\s+at /);
    // tsx compiles the whole server before the configuration is read: minutes on a busy machine.
  }, 180_000);
});
