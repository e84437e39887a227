import { usdcAbi } from '@fartwin/contracts';
import { USDC_DECIMALS } from '@fartwin/protocol';
import { useEffect, useState } from 'react';
import { createPublicClient, formatEther, formatUnits, http } from 'viem';
import { WALLET_FAILURE_MODES, type WalletFailureMode } from './failure-modes.ts';

interface Props {
  address: `0x${string}`;
  chainId: number;
  rpcUrl: string;
  usdc: `0x${string}` | null;
  failureMode: WalletFailureMode;
  onFailureModeChange: (mode: WalletFailureMode) => void;
}

/** The user's wallet: address, network, balances, and the error the wallet is set to answer with. */
export function WalletPanel({ address, chainId, rpcUrl, usdc, failureMode, onFailureModeChange }: Props) {
  const [balances, setBalances] = useState<{ eth: string; usdc: string } | null>(null);

  useEffect(() => {
    const client = createPublicClient({ transport: http(rpcUrl) });
    let stopped = false;
    const read = async () => {
      const [eth, usdcBalance] = await Promise.all([
        client.getBalance({ address }),
        usdc ? client.readContract({ address: usdc, abi: usdcAbi, functionName: 'balanceOf', args: [address] }) : 0n,
      ]);
      if (!stopped)
        setBalances({ eth: Number(formatEther(eth)).toFixed(3), usdc: formatUnits(usdcBalance, USDC_DECIMALS) });
    };
    read().catch(() => {});
    const timer = setInterval(() => read().catch(() => {}), 3_000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [address, rpcUrl, usdc]);

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
          {Object.entries(WALLET_FAILURE_MODES).map(([mode, { label }]) => (
            <option key={mode} value={mode}>
              {label}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
