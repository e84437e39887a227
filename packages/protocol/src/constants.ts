/** The product's business constants and limits. Both the server and the mini-app import these. */

export const USDC_DECIMALS = 6;
/**
 * The longest message a user may send a twin, in either form of the chat request. Here, not beside
 * the chat's schemas: the mini-app's first screen needs the number but none of zod.
 */
export const CHAT_MESSAGE_MAX_CHARS = 4_000;
/** One battery pack costs 1 USDC (6 decimals). */
export const BATTERY_PRICE_USDC = 1_000_000n;
/** One battery gives this many days of life. */
export const BATTERY_DAYS = 7;
export const BATTERY_LIFE_SECONDS = BATTERY_DAYS * 24 * 60 * 60;

/** Base mainnet. The local chain uses the same id so the mini-app needs no special case. */
export const BASE_CHAIN_ID = 8453;
export const BASE_CHAIN_ID_HEX = '0x2105';

export const COUNTDOWN_TICK_MS = 1_000;
/** How long the typing dots stay after a reply arrives: main screen and /agent page. */
export const STREAMING_INDICATOR_MS = { main: 2_000, agentPage: 1_000 } as const;

/** The chain client's settings (viem's HTTP transport, polling and receipt waits). */
export const CHAIN_CLIENT = {
  httpTimeoutMs: 10_000,
  batchSize: 1_000,
  retryCount: 3,
  retryDelayMs: 150,
  pollingIntervalMs: 4_000,
  receiptTimeoutMs: 180_000,
} as const;

/** Manifest and notification limits, in characters (and tokens per notification). */
export const LIMITS = {
  nameChars: 32,
  buttonTitleChars: 32,
  urlChars: 512,
  notificationIdChars: 128,
  notificationTitleChars: 32,
  notificationBodyChars: 128,
  notificationTokensPerRequest: 100,
} as const;

/** Number of personality questions a user answers before deploying. */
export const CHARACTERISTIC_COUNT = 8;

/** Default page size of the agents directory: a whole number of rows at 1, 2, 4 and 8 columns. */
export const DIRECTORY_PAGE_SIZE = 24;
