import { BASE_CHAIN_ID } from '@fartwin/protocol';

/**
 * The addresses host actions point at: CAIP-19 asset ids for the client's token actions, and the
 * web pages that stand in for them outside a Farcaster client.
 */

/** An ERC-20 on Base (twins' tokens, USDC) as CAIP-19 names it: what viewToken and swapToken take. */
export const erc20AssetId = (address: string) => `eip155:${BASE_CHAIN_ID}/erc20:${address}`;

/** A Farcaster account's public profile page. */
export const profileWebUrl = (username: string) => `https://farcaster.xyz/${encodeURIComponent(username)}`;

/** An account's profile in the Base App, by its wallet address. */
export const baseProfileUrl = (address: string) => `https://base.app/profile/${encodeURIComponent(address)}`;

/** A token's page in the Base App (on Base mainnet). */
export const baseCoinUrl = (token: string) => `https://base.app/coin/base-mainnet/${encodeURIComponent(token)}`;

/** A cast's page on the web: where a client cannot open the cast itself, and what a quote cast embeds. */
export const castWebUrl = (username: string, hash: string) => `${profileWebUrl(username)}/${encodeURIComponent(hash)}`;

/** A swap page on Base selling `sell` for `buy`. */
export const swapWebUrl = (sell: string, buy: string) =>
  `https://app.uniswap.org/swap?chain=base&inputCurrency=${encodeURIComponent(sell)}&outputCurrency=${encodeURIComponent(buy)}`;

/** Farcaster's compose intent: opens the composer with this text and embeds, in a browser or a client. */
export function composeWebUrl(text: string, embeds: readonly string[] = []): string {
  const query = [`text=${encodeURIComponent(text)}`, ...embeds.map((url) => `embeds[]=${encodeURIComponent(url)}`)];
  return `https://farcaster.xyz/~/compose?${query.join('&')}`;
}
