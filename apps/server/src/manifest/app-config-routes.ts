import { APP_CONFIG_GLOBAL, type AppConfig, BASE_CHAIN_ID } from '@fartwin/protocol';
import { Hono } from 'hono';
import type { ContractAddresses } from '../platform/chain/contracts.ts';
import type { ServerConfig } from '../platform/config/config.ts';

/** The mini-app's run-time settings, as a script so they are there before the app's first render. */
export function appConfigRoutes(config: ServerConfig, contracts: () => ContractAddresses | null) {
  return new Hono().get('/app-config.js', (c) => {
    // Asked on each request: the local chain may be bootstrapped after the server started.
    const addresses = contracts();
    const appConfig: AppConfig = {
      mode: config.mode,
      chainId: BASE_CHAIN_ID,
      // Never CHAIN_RPC_URL: it usually carries the operator's provider key.
      rpcUrl: config.chain.publicRpcUrl,
      contracts: addresses && { usdc: addresses.usdc, fartwinLife: addresses.fartwinLife, quoter: addresses.quoter },
      // Relaying stays off when its daily cap is 0.
      batteryRelay: addresses !== null && config.batteryRelay.perDay > 0,
      ...(config.chain.builderCodeSuffix ? { dataSuffix: config.chain.builderCodeSuffix } : {}),
      quickAuthOrigin: config.mode === 'local' ? config.publicUrl : 'https://auth.farcaster.xyz',
    };
    c.header('cache-control', 'no-store');
    c.header('content-type', 'text/javascript; charset=utf-8');
    return c.body(`window.${APP_CONFIG_GLOBAL} = ${JSON.stringify(appConfig)};\n`);
  });
}
