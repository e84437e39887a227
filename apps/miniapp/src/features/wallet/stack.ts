import { sdk } from '@farcaster/miniapp-sdk';
import { type AppConfig, BASE_CHAIN_ID, BATTERY_PRICE_USDC, CHAIN_CLIENT } from '@fartwin/protocol';
import { base } from 'viem/chains';
import {
  connect,
  getAccount,
  getBlock,
  getPublicClient,
  readContract,
  watchAccount,
  writeContract,
} from 'wagmi/actions';
import { createWagmiConfig } from '../../lib/chain.ts';
import { strings } from '../../lib/strings.ts';
import { fartwinLifeAbi, usdcAbi } from './abi.ts';

export type Hash = `0x${string}`;
export type Address = `0x${string}`;

/**
 * The wallet and the chain, loaded after the first paint: wagmi (Base, the frame's wallet as the only
 * connector, SPEC.md §9's client settings), viem and the contracts' ABI fragments. Its calls are the
 * ones the screens make; the screens hold their state in react-query.
 */
export function createWalletStack(appConfig: AppConfig) {
  const config = createWagmiConfig(appConfig);
  const { contracts } = appConfig;
  const requireContracts = () => {
    if (!contracts) throw new Error(strings.contractsUnavailable);
    return contracts;
  };

  return {
    /** Whether this network has the contracts a battery is paid with. */
    contractsAvailable: contracts !== null,

    /**
     * SPEC.md §4's wallet steps: the Farcaster connector requests the accounts, reads the chain id
     * and asks the wallet to switch when it is not on Base.
     */
    async connect(): Promise<void> {
      if (!(await sdk.wallet.getEthereumProvider())) throw new Error(strings.missingProvider);
      await connect(config, { connector: config.connectors[0]!, chainId: BASE_CHAIN_ID });
    },

    address: (): Address | undefined => getAccount(config).address,

    watchAddress: (onChange: () => void): (() => void) => watchAccount(config, { onChange }),

    readAllowance: (owner: Address): Promise<bigint> => {
      const { usdc, fartwinLife } = requireContracts();
      return readContract(config, {
        address: usdc,
        abi: usdcAbi,
        functionName: 'allowance',
        args: [owner, fartwinLife],
        chainId: base.id,
      });
    },

    /** approve(life contract, 1 USDC). */
    approveBattery: (): Promise<Hash> => {
      const { usdc, fartwinLife } = requireContracts();
      return writeContract(config, {
        address: usdc,
        abi: usdcAbi,
        functionName: 'approve',
        args: [fartwinLife, BATTERY_PRICE_USDC],
        chainId: base.id,
      });
    },

    /** extendLife(agentId, 1 USDC). */
    buyBattery: (agentId: string): Promise<Hash> =>
      writeContract(config, {
        address: requireContracts().fartwinLife,
        abi: fartwinLifeAbi,
        functionName: 'extendLife',
        args: [agentId, BATTERY_PRICE_USDC],
        chainId: base.id,
      }),

    /**
     * viem's wait, not wagmi's: wagmi replays a reverted transaction to guess a reason, which after
     * the block is often wrong; a reverted receipt is reported as "Transaction failed".
     */
    async waitForSuccess(hash: Hash): Promise<void> {
      const client = getPublicClient(config, { chainId: base.id });
      if (!client) throw new Error('No client for Base');
      const receipt = await client.waitForTransactionReceipt({ hash, timeout: CHAIN_CLIENT.receiptTimeoutMs });
      if (receipt.status !== 'success') throw new Error(strings.transactionFailed);
    },

    /** The twin's expiry (ms) as the life contract has it: agentTimeToDeath, in unix seconds. */
    async readExpiryMs(agentId: string): Promise<number> {
      const seconds = await readContract(config, {
        address: requireContracts().fartwinLife,
        abi: fartwinLifeAbi,
        functionName: 'agentTimeToDeath',
        args: [agentId],
        chainId: base.id,
      });
      return Number(seconds) * 1_000;
    },

    /** The latest block's time (ms): a battery runs out by the chain's clock. */
    async latestBlockTimeMs(): Promise<number> {
      const block = await getBlock(config, { chainId: base.id });
      return Number(block.timestamp) * 1_000;
    },
  };
}

export type WalletStack = ReturnType<typeof createWalletStack>;
