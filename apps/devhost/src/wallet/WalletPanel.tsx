import { usdcAbi } from '@fartwin/contracts';
import { USDC_DECIMALS } from '@fartwin/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatEther, formatUnits } from 'viem';
import { localChainClient, useLatestBlock } from '../api/local-chain.ts';
import { WALLET_FAILURE_MODES, type WalletFailureMode } from './failure-modes.ts';

interface Props {
  address: `0x${string}`;
  chainId: number;
  rpcUrl: string;
  usdc: `0x${string}` | null;
  failureMode: WalletFailureMode;
  onFailureModeChange: (mode: WalletFailureMode) => void;
}

/**
 * The user's wallet: address, network, balances, and the error the wallet is set to answer with.
 * Rendered once per user (keyed by fid), so one user's balances never stand in for another's.
 */
export function WalletPanel({ address, chainId, rpcUrl, usdc, failureMode, onFailureModeChange }: Props) {
  const latestBlock = useLatestBlock(rpcUrl).data?.number;
  // Read again only when a block is mined; the last balances stay shown while they are.
  const { data: balances } = useQuery({
    queryKey: ['balances', rpcUrl, address, usdc, latestBlock],
    enabled: latestBlock !== undefined,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const client = localChainClient(rpcUrl);
      const [eth, usdcBalance] = await Promise.all([
        client.getBalance({ address }),
        usdc ? client.readContract({ address: usdc, abi: usdcAbi, functionName: 'balanceOf', args: [address] }) : 0n,
      ]);
      return { eth: Number(formatEther(eth)).toFixed(3), usdc: formatUnits(usdcBalance, USDC_DECIMALS) };
    },
  });

  return (
    <section className="panel" data-testid="wallet-panel">
      <h2>Wallet</h2>
      <p className="mono">{address}</p>
      <p>
        Network: <strong data-testid="wallet-chain">{chainId === 8453 ? 'Base (8453)' : `chain ${chainId}`}</strong>
      </p>
      <p>
        Balance: <span data-testid="wallet-usdc">{balances?.usdc ?? '…'}</span> USDC · {balances?.eth ?? '…'} ETH
      </p>
      <label>
        Wallet answers{' '}
        <select
          data-testid="wallet-failure-mode"
          value={failureMode}
          onChange={(event) => onFailureModeChange(event.target.value as WalletFailureMode)}
        >
          {WALLET_FAILURE_MODES.map(({ mode, label }) => (
            <option key={mode} value={mode}>
              {label}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
