import { withGasHeadroom } from '@fartwin/contracts';
import { Provider } from 'ox';
import { type Address, createPublicClient, createWalletClient, type Hex, hexToBigInt, http, numberToHex } from 'viem';
import type { LocalAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import type { BundleMode } from './bundle-modes.ts';
import { type BundleCall, createCallBundles } from './call-bundles.ts';
import { USER_FACING_METHODS, type WalletFailureMode, walletFailure } from './failure-modes.ts';
import type { TypedDataMode } from './typed-data-modes.ts';

/** Something the person must confirm or reject in the wallet sheet. */
export type WalletPrompt =
  | { kind: 'transaction'; from: Address; to?: Address; data?: Hex; value: bigint }
  | { kind: 'signature'; from: Address; message: string }
  | { kind: 'switch-chain'; fromChainId: number; toChainId: number }
  /** EIP-5792: several calls, one prompt. */
  | { kind: 'calls'; from: Address; calls: BundleCall[]; atomic: boolean };

export interface DevWalletOptions {
  account: LocalAccount;
  rpcUrl: string;
  /** The chain the wallet starts on; a chain other than Base makes the mini-app ask to switch. */
  initialChainId: number;
  /** Resolves true when the person confirms. */
  confirm: (prompt: WalletPrompt) => Promise<boolean>;
  failureMode: () => WalletFailureMode;
  /** Its EIP-5792 support; unsupported when not given. */
  bundleMode?: () => BundleMode;
  /** Whether it signs typed data (EIP-712); supported when not given. */
  typedDataMode?: () => TypedDataMode;
  onChainChanged?: (chainId: number) => void;
  log?: (method: string, detail?: unknown) => void;
}

interface TransactionRequest {
  from?: Address;
  to?: Address;
  data?: Hex;
  value?: Hex;
  gas?: Hex;
}

/** Chains this wallet knows: Base (the local chain poses as it) and Ethereum, to exercise a switch. */
const KNOWN_CHAIN_IDS = new Set([base.id, 1]);

/**
 * An EIP-1193 wallet backed by the local chain: reads go straight to anvil, every transaction and
 * signature waits for the person's confirmation, and a failure mode makes user-facing requests
 * fail with a chosen error code.
 */
export function createDevWallet(options: DevWalletOptions) {
  const { account } = options;
  const emitter = Provider.createEmitter();
  const transport = http(options.rpcUrl);
  const chain = createPublicClient({ chain: base, transport });
  const signer = createWalletClient({ account, chain: base, transport });
  let chainId = options.initialChainId;

  const requireBase = () => {
    if (chainId !== base.id) throw new Provider.ChainDisconnectedError();
  };
  const rejected = () => new Provider.UserRejectedRequestError();
  const bundles = createCallBundles({
    account,
    chain,
    signer,
    mode: options.bundleMode ?? (() => 'unsupported'),
    chainId: () => chainId,
    confirm: (calls, atomic) => options.confirm({ kind: 'calls', from: account.address, calls, atomic }),
  });

  async function handle(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [account.address];
      case 'eth_chainId':
        return numberToHex(chainId);
      case 'net_version':
        return String(chainId);
      case 'wallet_switchEthereumChain': {
        const target = Number((params[0] as { chainId: Hex }).chainId);
        if (!KNOWN_CHAIN_IDS.has(target)) {
          throw new Provider.SwitchChainError({ message: `Unrecognized chain ID ${target}.` });
        }
        if (target === chainId) return null;
        if (!(await options.confirm({ kind: 'switch-chain', fromChainId: chainId, toChainId: target })))
          throw rejected();
        chainId = target;
        emitter.emit('chainChanged', numberToHex(chainId));
        options.onChainChanged?.(chainId);
        return null;
      }
      case 'eth_sendTransaction': {
        requireBase();
        const tx = params[0] as TransactionRequest;
        const value = tx.value ? hexToBigInt(tx.value) : 0n;
        const prompt: WalletPrompt = { kind: 'transaction', from: account.address, to: tx.to, data: tx.data, value };
        if (!(await options.confirm(prompt))) throw rejected();
        const call = { account, to: tx.to ?? null, data: tx.data, value };
        // Like real wallets, leave headroom over the estimate: swaps can need a little more when mined.
        const gas = tx.gas ? hexToBigInt(tx.gas) : withGasHeadroom(await chain.estimateGas(call));
        return signer.sendTransaction({ ...call, gas });
      }
      case 'wallet_getCapabilities':
        return bundles.getCapabilities(params);
      case 'wallet_sendCalls':
        requireBase();
        return bundles.sendCalls(params);
      case 'wallet_getCallsStatus':
        return bundles.getCallsStatus(params);
      case 'personal_sign': {
        const [message] = params as [Hex];
        if (!(await options.confirm({ kind: 'signature', from: account.address, message }))) throw rejected();
        return account.signMessage({ message: { raw: message } });
      }
      case 'eth_signTypedData_v4': {
        // A wallet without EIP-712 has no such method: no prompt, EIP-1193's 4200.
        if (options.typedDataMode?.() === 'unsupported') throw new Provider.UnsupportedMethodError();
        const [, typedData] = params as [Address, string];
        if (!(await options.confirm({ kind: 'signature', from: account.address, message: typedData })))
          throw rejected();
        return account.signTypedData(JSON.parse(typedData));
      }
      default:
        // Reads (eth_call, balances, receipts, blocks, gas) go to the chain as they are.
        return chain.request({ method, params } as never);
    }
  }

  return Provider.from({
    ...emitter,
    async request({ method, params }: { method: string; params?: unknown }) {
      options.log?.(`wallet:${method}`, params);
      const failure = USER_FACING_METHODS.has(method) ? walletFailure(options.failureMode()) : null;
      if (failure) throw failure;
      return handle(method, (params as unknown[] | undefined) ?? []);
    },
  });
}

export type DevWallet = ReturnType<typeof createDevWallet>;
