/**
 * The stack global-setup started, as it exported it: URLs of the bot service and the chain, and the
 * file the contracts bootstrap wrote.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the journeys with -c e2e/playwright.config.ts`);
  return value;
}

export const stack = {
  get serverUrl() {
    return required('FARTWIN_SERVER_URL');
  },
  get rpcUrl() {
    return required('FARTWIN_RPC_URL');
  },
  get deploymentFile() {
    return required('FARTWIN_DEPLOYMENT_FILE');
  },
};

/** How often the bot service's life watch looks for due battery warnings and deaths in the journeys. */
export const LIFE_WATCH_SECONDS = 2;

/**
 * The sample users (fids 1001–1020) each journey signs in as. Every journey has its own, so none
 * sees another's conversation, wallet or allowance, whatever order the files run in. 1001–1003 own
 * the sample twins the stack's first start deploys.
 */
export const users = {
  /** Owns a sample twin and chats with it; adds the mini-app to get its battery notifications. */
  chatter: 1001,
  /** Owns a sample twin that runs out and is revived. */
  revivalOwner: 1002,
  /** Owns a sample twin whose revival meets wallet rejections and errors. */
  walletErrors: 1003,
  /** Has no twin: onboards and deploys one. */
  newcomer: 1004,
  /** Checks every screen with axe: onboards and deploys a twin, chats with it, lets its battery run out. */
  inspector: 1011,
  /** Pays for the revival owner's twin. */
  revivalPayer: 1006,
  /** Browses the directory and chats with someone else's twin. */
  visitor: 1008,
  /** Its wallet starts on Ethereum (every fifth sample user's does), so the app asks to switch. */
  otherChain: 1010,
  /** Holds USDC and no ETH: revives the revival owner's twin in one signature, the server paying the gas. */
  usdcOnlyPayer: 1014,
  /**
   * Holds ETH and USDC, its wallet signs typed data: is offered the signed revival first all the same
   * (relayed-revival.spec.ts). Also casts in cast-share.spec.ts and asks in owner-voice.spec.ts, never paying.
   */
  signingPayer: 1012,
  /**
   * Trades twins' tokens in token-economy.spec.ts (on the chatter's twin's page, never chatting).
   * Not usdcOnlyPayer: relayed-revival takes that wallet's ETH, and a swap needs gas.
   */
  tokenTrader: 1013,
  /**
   * Has no twin: in the Base App (the plain browser, its wallet a Base Account), signs in by wallet,
   * deploys one, gets its death notice from Base and revives it in one signature.
   */
  baseAppOwner: 1020,
  /** Never opens the app: pays batteries when a journey needs a living twin to start from. */
  keeper: 1019,
} as const;
