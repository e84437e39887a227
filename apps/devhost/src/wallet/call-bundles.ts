import { withGasHeadroom } from '@fartwin/contracts';
import { Provider, RpcResponse } from 'ox';
import {
  type Address,
  bytesToHex,
  concat,
  type Hex,
  hexToBigInt,
  isHex,
  numberToHex,
  type PublicClient,
  type Transport,
  type WalletCallReceipt,
  type WalletClient,
  type WalletGetCallsStatusReturnType,
  type WalletSendCallsParameters,
} from 'viem';
import type { LocalAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import type { BundleMode } from './bundle-modes.ts';

/** One call of a bundle, as the wallet sheet shows it. */
export interface BundleCall {
  to: Address;
  data?: Hex;
  value: bigint;
}

/** EIP-5792 status codes (wallet_getCallsStatus). */
const STATUS = {
  pending: 100,
  confirmed: 200,
  /** Not included on chain: nothing was sent. */
  offchainFailure: 400,
  /** Reverted on chain, with nothing else landed. */
  reverted: 500,
  /** Some calls landed, others did not. */
  partialFailure: 600,
} as const;

interface Bundle {
  atomic: boolean;
  /** Hashes of the calls sent so far, in order. */
  hashes: Hex[];
  /** Set once the wallet is done with the bundle. */
  status: number;
}

export interface CallBundlesOptions {
  account: LocalAccount;
  chain: PublicClient<Transport, typeof base>;
  signer: WalletClient<Transport, typeof base, LocalAccount>;
  mode: () => BundleMode;
  /** The wallet's current chain id. */
  chainId: () => number;
  /** One prompt for the whole bundle; resolves true when the person confirms. */
  confirm: (calls: BundleCall[], atomic: boolean) => Promise<boolean>;
}

const BASE_CHAIN_HEX = numberToHex(base.id);

/** The suffix a bundle's dataSuffix capability asks for ({ value, optional? }); none when absent or not hex. */
function dataSuffixOf(capabilities: unknown): Hex | null {
  const value = (capabilities as { dataSuffix?: { value?: unknown } } | undefined)?.dataSuffix?.value;
  if (value === undefined) return null;
  if (typeof value !== 'string' || !isHex(value) || value.length % 2 !== 0) {
    throw new RpcResponse.InvalidParamsError({ message: 'dataSuffix.value must be hex bytes.' });
  }
  return value;
}

/**
 * EIP-5792 for the dev wallet (the shapes of viem's types), on the local chain. The calls are
 * simulated together first (eth_simulateV1), which gives each one's gas. Atomic: if any call would
 * fail, none is sent. Non-atomic: the calls are sent one by one and the first that would fail stops
 * the rest; in "non-atomic-first-only" only the first call is sent, as a wallet whose second
 * transaction failed. The bundle is sent after the prompt and followed with wallet_getCallsStatus.
 */
export function createCallBundles(options: CallBundlesOptions) {
  const { account, chain, signer } = options;
  const bundles = new Map<string, Bundle>();

  const requireSupport = () => {
    if (options.mode() === 'unsupported') throw new Provider.UnsupportedMethodError();
  };

  async function send(bundle: Bundle, calls: BundleCall[], mode: BundleMode): Promise<number> {
    const simulated = await chain.simulateCalls({ account: account.address, calls });
    const landing = simulated.results.findIndex((result) => result.status !== 'success');
    const sendable = landing === -1 ? calls.length : landing;
    if (mode === 'atomic' && sendable < calls.length) return STATUS.offchainFailure;
    const count = mode === 'non-atomic-first-only' ? Math.min(1, sendable) : sendable;
    for (const [index, call] of calls.slice(0, count).entries()) {
      const gas = withGasHeadroom(simulated.results[index]!.gasUsed);
      const hash = await signer.sendTransaction({ ...call, account, gas });
      bundle.hashes.push(hash);
      const receipt = await chain.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') return index === 0 ? STATUS.reverted : STATUS.partialFailure;
    }
    if (count === calls.length) return STATUS.confirmed;
    return count === 0 ? STATUS.offchainFailure : STATUS.partialFailure;
  }

  async function receiptOf(hash: Hex): Promise<WalletCallReceipt | null> {
    const receipt = await chain.request({ method: 'eth_getTransactionReceipt', params: [hash] });
    if (!receipt) return null;
    const { logs, status, blockHash, blockNumber, gasUsed, transactionHash } = receipt;
    return {
      logs: logs.map(({ address, data, topics }) => ({ address, data, topics })),
      status,
      blockHash,
      blockNumber,
      gasUsed,
      transactionHash,
    };
  }

  return {
    /** wallet_getCapabilities([address, chainIds?]): Base only, atomic or not. */
    getCapabilities(params: unknown[]) {
      requireSupport();
      const chainIds = (params[1] as Hex[] | undefined) ?? [BASE_CHAIN_HEX];
      const atomic = options.mode() === 'atomic' ? 'supported' : 'unsupported';
      const capabilities = { atomic: { status: atomic }, dataSuffix: { supported: true } };
      return chainIds.some((id) => Number(id) === base.id) ? { [BASE_CHAIN_HEX]: capabilities } : {};
    },

    /** wallet_sendCalls: one prompt, then the calls are sent in the background; answers the bundle's id. */
    async sendCalls(params: unknown[]) {
      requireSupport();
      const mode = options.mode();
      const [request] = params as WalletSendCallsParameters;
      if (Number(request.chainId) !== options.chainId()) throw new Provider.UnsupportedChainIdError();
      if (request.atomicRequired && mode !== 'atomic') throw new Provider.AtomicityNotSupportedError();
      // The dataSuffix capability (ERC-8021, as a Base Account takes it): appended to each call's data.
      const suffix = dataSuffixOf(request.capabilities);
      const calls = request.calls.map(({ to, data, value }) => {
        // A bundle that deploys a contract is not something this product sends.
        if (!to) throw new RpcResponse.InvalidParamsError({ message: 'Every call needs a "to" address.' });
        return { to, data: suffix ? concat([data ?? '0x', suffix]) : data, value: value ? hexToBigInt(value) : 0n };
      });
      if (!(await options.confirm(calls, mode === 'atomic'))) throw new Provider.UserRejectedRequestError();
      const id = request.id ?? bytesToHex(crypto.getRandomValues(new Uint8Array(32)));
      const bundle: Bundle = { atomic: mode === 'atomic', hashes: [], status: STATUS.pending };
      bundles.set(id, bundle);
      send(bundle, calls, mode).then(
        (status) => {
          bundle.status = status;
        },
        () => {
          bundle.status = bundle.hashes.length > 0 ? STATUS.partialFailure : STATUS.offchainFailure;
        },
      );
      return { id };
    },

    /** wallet_getCallsStatus([id]): the bundle's status and the receipts of the calls that were sent. */
    async getCallsStatus(params: unknown[]): Promise<WalletGetCallsStatusReturnType> {
      const id = params[0] as string;
      const bundle = bundles.get(id);
      if (!bundle) throw new Provider.UnknownBundleIdError();
      const status = bundle.status;
      const receipts = (await Promise.all(bundle.hashes.map(receiptOf))).filter((receipt) => receipt !== null);
      return { version: '2.0.0', id, chainId: BASE_CHAIN_HEX, atomic: bundle.atomic, status, receipts };
    },
  };
}
