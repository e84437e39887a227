import { loadAppConfigLazily } from '../../lib/lazy-config.ts';
import { inBaseApp } from '../frame/index.ts';
import type { HostActionSpec } from './useHostAction.ts';
import { baseCoinUrl, baseProfileUrl, composeWebUrl, erc20AssetId, profileWebUrl, swapWebUrl } from './web-urls.ts';

/**
 * The account's profile in the client; in the Base App Base's profile of its wallet; elsewhere its
 * public Farcaster page.
 */
export const viewProfileAction = ({
  fid,
  username,
  address,
}: {
  fid: number;
  username: string;
  address: string;
}): HostActionSpec => ({
  capability: 'actions.viewProfile',
  run: (sdk) => sdk.actions.viewProfile({ fid }),
  href: inBaseApp() ? baseProfileUrl(address) : profileWebUrl(username),
});

/**
 * The token's page in the client; in the Base App Base's coin page; in a plain browser the buy link
 * says it all, so none.
 */
export const viewTokenAction = (tokenAddress: string): HostActionSpec => ({
  capability: 'actions.viewToken',
  run: (sdk) => sdk.actions.viewToken({ token: erc20AssetId(tokenAddress) }),
  href: inBaseApp() ? baseCoinUrl(tokenAddress) : null,
});

/**
 * Buying the token with USDC: the client's swap; a swap page outside one (none before the config
 * says where USDC is, or on a network without it).
 */
export const buyTokenAction = (tokenAddress: string, usdc: string | null): HostActionSpec => ({
  capability: 'actions.swapToken',
  run: async (sdk) => {
    const sell = usdc ?? (await loadAppConfigLazily()).contracts?.usdc;
    return sdk.actions.swapToken({
      ...(sell ? { sellToken: erc20AssetId(sell) } : {}),
      buyToken: erc20AssetId(tokenAddress),
    });
  },
  href: usdc ? swapWebUrl(usdc, tokenAddress) : null,
});

/** The client's composer with this cast; Farcaster's compose page outside one. */
export function composeCastAction(text: string, embeds?: [] | [string] | [string, string]): HostActionSpec {
  return {
    capability: 'actions.composeCast',
    run: (sdk) => sdk.actions.composeCast(embeds ? { text, embeds } : { text }),
    href: composeWebUrl(text, embeds),
  };
}
