import { usdcAbi } from '@fartwin/contracts';
import { USDC_DECIMALS } from '@fartwin/protocol';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatEther, formatUnits } from 'viem';
import { chainQueryKeys, localChainClient, useLatestBlock } from '../api/local-chain.ts';
import { type LiveSetting, useLiveSetting } from '../settings/live-setting.ts';
import { BUNDLE_MODES, bundleModeSetting } from './bundle-modes.ts';
import { WALLET_FAILURE_MODES, type WalletFailureMode } from './failure-modes.ts';
import { TYPED_DATA_MODES, typedDataModeSetting } from './typed-data-modes.ts';

interface Props {
  address: `0x${string}`;
  chainId: number;
  rpcUrl: string;
  usdc: `0x${string}` | null;
  failureMode: WalletFailureMode;
  onFailureModeChange: (mode: WalletFailureMode) => void;
}

/**
 * The user's wallet: address, network, balances, the error the wallet is set to answer with,
 * whether (and how) it sends calls together (EIP-5792) and whether it signs typed data (EIP-712).
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

  const queryClient = useQueryClient();
  // A reviver who holds only USDC (revival with only USDC): anvil takes the wallet's ETH away, and a
  // block is mined so every panel reads the new balance.
  const keepOnlyUsdc = async () => {
    const client = localChainClient(rpcUrl);
    await client.setBalance({ address, value: 0n });
    await client.mine({ blocks: 1 });
    await queryClient.invalidateQueries({ queryKey: chainQueryKeys.latestBlock(rpcUrl) });
  };

  return (
    <section className="panel" data-testid="wallet-panel">
      <h2>Wallet</h2>
      <p className="mono">{address}</p>
      <p>
        Network: <strong data-testid="wallet-chain">{chainId === 8453 ? 'Base (8453)' : `chain ${chainId}`}</strong>
      </p>
      <p>
        Balance: <span data-testid="wallet-usdc">{balances?.usdc ?? '…'}</span> USDC ·{' '}
        <span data-testid="wallet-eth">{balances?.eth ?? '…'}</span> ETH{' '}
        <button type="button" data-testid="wallet-usdc-only" onClick={() => void keepOnlyUsdc()}>
          Keep only USDC
        </button>
      </p>
      <WalletSetting
        label="Wallet answers"
        testId="wallet-failure-mode"
        value={failureMode}
        choices={WALLET_FAILURE_MODES}
        onChange={onFailureModeChange}
      />
      <LiveWalletSetting
        label="Sends calls together (EIP-5792)"
        testId="wallet-bundle-mode"
        setting={bundleModeSetting}
        choices={BUNDLE_MODES}
      />
      <LiveWalletSetting
        label="Signs typed data (EIP-712)"
        testId="wallet-typed-data"
        setting={typedDataModeSetting}
        choices={TYPED_DATA_MODES}
      />
    </section>
  );
}

/** One of the wallet's switches: a labelled choice among its modes. */
function WalletSetting<Mode extends string>({
  label,
  testId,
  value,
  choices,
  onChange,
}: {
  label: string;
  testId: string;
  value: Mode;
  choices: readonly { mode: Mode; label: string }[];
  onChange: (mode: Mode) => void;
}) {
  return (
    <label>
      {label}{' '}
      <select data-testid={testId} value={value} onChange={(event) => onChange(event.target.value as Mode)}>
        {choices.map((choice) => (
          <option key={choice.mode} value={choice.mode}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A wallet switch the dev wallets read on each request (a live setting), on its own line. */
function LiveWalletSetting<Mode extends string>({
  setting,
  ...props
}: {
  label: string;
  testId: string;
  setting: LiveSetting<Mode>;
  choices: readonly { mode: Mode; label: string }[];
}) {
  return (
    <p>
      <WalletSetting {...props} value={useLiveSetting(setting)} onChange={setting.set} />
    </p>
  );
}
