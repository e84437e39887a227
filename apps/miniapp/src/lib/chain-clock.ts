import { CHAIN_CLIENT } from '@fartwin/protocol';
import { loadAppConfigLazily } from './lazy-config.ts';

interface BlockAnswer {
  result?: { timestamp?: unknown } | null;
  error?: { message?: unknown };
}

/**
 * The latest block's time (ms), by one JSON-RPC call (eth_getBlockByNumber) within the chain
 * client's timeout. A countdown follows the chain's clock on every twin page; reading it this way
 * keeps the wallet stack (viem, wagmi) out of the pages that need no wallet.
 */
export async function latestBlockTimeMs(): Promise<number> {
  const { rpcUrl } = await loadAppConfigLazily();
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'eth_getBlockByNumber', params: ['latest', false] }),
    signal: AbortSignal.timeout(CHAIN_CLIENT.httpTimeoutMs),
  });
  if (!response.ok) throw new Error(`The chain's RPC answered ${response.status}`);
  const answer = (await response.json()) as BlockAnswer;
  const timestamp = answer.result?.timestamp;
  if (typeof timestamp !== 'string' || !/^0x[0-9a-f]+$/i.test(timestamp)) {
    throw new Error(typeof answer.error?.message === 'string' ? answer.error.message : 'The chain answered no block');
  }
  return Number.parseInt(timestamp, 16) * 1_000;
}
