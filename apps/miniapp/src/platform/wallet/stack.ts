import { sdk } from '@farcaster/miniapp-sdk';
import { batteryAuthorizationTypedData } from '@fartwin/contracts/battery-authorization';
import {
  type AppConfig,
  BASE_CHAIN_ID,
  BATTERY_PRICE_USDC,
  BATTERY_RELAY_VALID_FOR_SECONDS,
  type BatteryRelayRequest,
  batteryRelayRequest,
  CHAIN_CLIENT,
} from '@fartwin/protocol';
import { bytesToHex } from 'viem';
import { base } from 'viem/chains';
import { injected } from 'wagmi';
import {
  connect,
  disconnect,
  getAccount,
  getPublicClient,
  readContract,
  signMessage,
  signTypedData,
  watchAccount,
  writeContract,
} from 'wagmi/actions';
import { createWagmiConfig } from '../../lib/chain.ts';
import type { HostMode } from '../../lib/host-mode.ts';
import { strings } from '../../lib/strings.ts';
import { fartwinLifeAbi, usdcAbi } from './abi.ts';
import { revivalBundleCalls } from './revival-bundle.ts';
import { extendLifeArgs, revivalProtection } from './revival-quote.ts';
import { connectBrowserWallet, connectedConnectorId, followSession } from './web-wallet.ts';

export type Hash = `0x${string}`;

export type Address = `0x${string}`;

/**
 * The wallet and the chain, loaded after the first paint: wagmi (Base, the chain client
 * settings), viem and the contracts' ABI fragments. Inside a Farcaster client the frame's wallet is
 * the only connector; in web mode it is whatever the browser offers (EIP-6963 discovery, else
 * `window.ethereum`), connected when first needed. Its calls are the ones the screens make; the
 * screens hold their state in react-query.
 */
export function createWalletStack(appConfig: AppConfig, mode: HostMode = 'frame') {
  const web = mode === 'web';
  const config = web
    ? createWagmiConfig(appConfig, [injected({ shimDisconnect: false })])
    : createWagmiConfig(appConfig);
  if (web) followSession(config);
  const { contracts } = appConfig;
  /** The app's builder code (ERC-8021), at the end of the calldata of every transaction the wallet sends. */
  const dataSuffix = appConfig.dataSuffix as Hash | undefined;
  const requireContracts = () => {
    if (!contracts) throw new Error(strings.contractsUnavailable);
    return contracts;
  };
  /** Web mode connects the browser's wallet when a payment first needs it (anyone may pay). */
  const beforeWrite = async () => {
    if (web) await connectBrowserWallet(config);
  };

  return {
    mode,

    /** Whether this network has the contracts a battery is paid with. */
    contractsAvailable: contracts !== null,

    /** Whether the server relays signed batteries (revival with only USDC). */
    batteryRelay: contracts !== null && appConfig.batteryRelay === true,

    /**
     * The start-up wallet steps: the Farcaster connector requests the accounts, reads the chain id
     * and asks the wallet to switch when it is not on Base. In web mode, the same with the browser's
     * wallet (sign-in and payments call it).
     */
    async connect(): Promise<void> {
      if (web) {
        await connectBrowserWallet(config);
        return;
      }
      if (!(await sdk.wallet.getEthereumProvider())) throw new Error(strings.missingProvider);
      await connect(config, { connector: config.connectors[0]!, chainId: BASE_CHAIN_ID });
    },

    /** Web mode: connects the browser's wallet (on Base) and answers its address and connector. */
    async connectBrowserWallet(): Promise<{ address: Address; connectorId: string }> {
      const address = await connectBrowserWallet(config);
      return { address, connectorId: connectedConnectorId(config) ?? 'injected' };
    },

    /** personal_sign of a text by the connected account. */
    signMessage: (message: string): Promise<Hash> => signMessage(config, { message }),

    /** Web mode's sign-out lets go of the wallet too. */
    disconnect: (): Promise<void> => disconnect(config),

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
    approveBattery: async (): Promise<Hash> => {
      const { usdc, fartwinLife } = requireContracts();
      await beforeWrite();
      return writeContract(config, {
        address: usdc,
        abi: usdcAbi,
        functionName: 'approve',
        args: [fartwinLife, BATTERY_PRICE_USDC],
        chainId: base.id,
        dataSuffix,
      });
    },

    /** extendLife(agentId, 1 USDC, quoted minimum, deadline), or (agentId, 1 USDC) when no quote. */
    buyBattery: async (agentId: string): Promise<Hash> => {
      const found = requireContracts();
      await beforeWrite();
      const protection = await revivalProtection(config, found);
      return writeContract(config, {
        address: found.fartwinLife,
        abi: fartwinLifeAbi,
        functionName: 'extendLife',
        args: extendLifeArgs(agentId, protection),
        chainId: base.id,
        dataSuffix,
      });
    },

    /**
     * Revival with only USDC: the connected account signs (eth_signTypedData_v4) an EIP-3009
     * authorization of 1 USDC to the life contract, bound by its nonce to `agentId` and to the
     * payer's quoted minimum, and valid for 10 minutes of chain time; the answer is the body of the
     * server's relay request.
     */
    signBatteryAuthorization: async (agentId: string): Promise<BatteryRelayRequest> => {
      const found = requireContracts();
      const { usdc, fartwinLife } = found;
      await beforeWrite();
      const from = getAccount(config).address;
      const client = getPublicClient(config, { chainId: base.id });
      if (!from || !client) throw new Error(strings.missingProvider);
      // The later of the chain's clock and the wall clock (a local chain may run ahead).
      const { timestamp } = await client.getBlock();
      const wallClock = BigInt(Math.floor(Date.now() / 1000));
      const now = timestamp > wallClock ? timestamp : wallClock;
      const salt = bytesToHex(crypto.getRandomValues(new Uint8Array(32)));
      // The payer's own minimum, signed into the nonce so that the relayer cannot lower it; with no
      // quote, 0 leaves the swap to the owner's floor, as the plain extendLife does.
      const minA0xOut = (await revivalProtection(config, found))?.minA0xOut ?? 0n;
      const typedData = batteryAuthorizationTypedData({
        chainId: base.id,
        usdc,
        fartwinLife,
        from,
        agentId,
        minA0xOut,
        salt,
        validAfter: 0n,
        validBefore: now + BigInt(BATTERY_RELAY_VALID_FOR_SECONDS),
      });
      const signature = await signTypedData(config, { ...typedData, account: from });
      return batteryRelayRequest(typedData.message, { minA0xOut, salt }, signature);
    },

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

    /** EIP-5792: approve and extendLife in one wallet prompt (features/battery's one-tap revival). */
    ...revivalBundleCalls(config, requireContracts, dataSuffix),
  };
}

export type WalletStack = ReturnType<typeof createWalletStack>;
