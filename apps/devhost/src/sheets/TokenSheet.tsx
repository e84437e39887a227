import type { SwapToken } from '@farcaster/miniapp-host';
import { erc20Abi } from '@fartwin/contracts';
import { useQuery } from '@tanstack/react-query';
import { formatUnits } from 'viem';
import { localChainClient } from '../api/local-chain.ts';
import { Sheet } from '../components/Sheet.tsx';
import { parseAssetId } from './caip19.ts';

/** The local chain poses as Base; tokens on it can be read. */
const LOCAL_CHAIN_ID = 8453;

/** A token by CAIP-19 id: its symbol and name when it is an ERC-20 on the local chain. */
function TokenLine({ label, id, rpcUrl, amount }: { label: string; id: string; rpcUrl: string; amount?: string }) {
  const asset = parseAssetId(id);
  const address = asset?.chainId === LOCAL_CHAIN_ID ? asset.address : null;
  const token = useQuery({
    queryKey: ['token', rpcUrl, address],
    enabled: address !== null,
    queryFn: async () => {
      const client = localChainClient(rpcUrl);
      const read = <Name extends 'name' | 'symbol' | 'decimals'>(functionName: Name) =>
        client.readContract({ address: address!, abi: erc20Abi, functionName });
      const [name, symbol, decimals] = await Promise.all([read('name'), read('symbol'), read('decimals')]);
      return { name, symbol, decimals };
    },
  });
  const shownAmount = amount && token.data ? `${formatUnits(BigInt(amount), token.data.decimals)} ` : '';
  return (
    <div className="token-line">
      <p>
        {label}:{' '}
        <strong>
          {token.data
            ? `${shownAmount}${token.data.symbol} (${token.data.name})`
            : asset?.kind === 'native'
              ? 'ETH'
              : (asset?.kind ?? 'an unknown asset')}
        </strong>
      </p>
      <p className="mono">{id}</p>
    </div>
  );
}

/** `viewToken`: the token the mini-app points at. */
export function TokenSheet({ token, rpcUrl, onClose }: { token: string; rpcUrl: string; onClose: () => void }) {
  return (
    <Sheet title="Token" testId="token-sheet" onClose={onClose}>
      <TokenLine label="Token" id={token} rpcUrl={rpcUrl} />
    </Sheet>
  );
}

/** `swapToken`: shows the swap asked for; the local chain has no swap service, so it can only be closed. */
export function SwapSheet({
  options,
  rpcUrl,
  onClose,
}: {
  options: SwapToken.SwapTokenOptions;
  rpcUrl: string;
  onClose: () => void;
}) {
  return (
    <Sheet title="Swap" testId="swap-sheet" onClose={onClose}>
      {options.sellToken ? (
        <TokenLine label="Sell" id={options.sellToken} rpcUrl={rpcUrl} amount={options.sellAmount} />
      ) : null}
      {options.buyToken ? <TokenLine label="Buy" id={options.buyToken} rpcUrl={rpcUrl} /> : null}
      <p className="error">Swaps are not available on the local chain.</p>
    </Sheet>
  );
}
