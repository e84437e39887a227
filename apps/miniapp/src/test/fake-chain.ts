import { encodeV3Path, fartwinLifeAbi, quoterV2Abi, usdcAbi } from '@fartwin/contracts';
import { BASE_CHAIN_ID_HEX, BATTERY_LIFE_SECONDS } from '@fartwin/protocol';
import { decodeFunctionData, encodeFunctionResult, type Hex, keccak256, toHex } from 'viem';

export const USER_ADDRESS = '0x1111111111111111111111111111111111111111' as const;
export const USDC_ADDRESS = '0x2222222222222222222222222222222222222222' as const;
export const LIFE_ADDRESS = '0x3333333333333333333333333333333333333333' as const;
export const QUOTER_ADDRESS = '0x4444444444444444444444444444444444444444' as const;
const A0X_ADDRESS = '0x5555555555555555555555555555555555555555' as const;

/** An RPC error as EIP-1193 providers throw them. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * What the wallet double says to EIP-5792: unsupported (no wallet_getCapabilities), atomic, non-atomic
 * (every call lands), or non-atomic where only the first call lands.
 */
export type FakeBundleMode = 'unsupported' | 'atomic' | 'non-atomic' | 'first-call-only';

interface Bundle {
  hashes: Hex[];
  /** Calls that were not sent. */
  dropped: number;
  atomic: boolean;
}

interface Sent {
  hash: Hex;
  functionName: string;
  args: readonly unknown[];
  /** The calldata as sent: the call, then any data suffix. */
  data: Hex;
}

/**
 * A tiny in-memory chain behind both test doubles: the wallet's EIP-1193 provider (writes) and the
 * RPC URL the chain client reads from. Enough of JSON-RPC for the revival flow.
 */
export function createFakeChain() {
  const state = {
    chainId: BASE_CHAIN_ID_HEX as string,
    allowance: 0n,
    expirySeconds: new Map<string, bigint>(),
    /** Makes the next eth_sendTransaction throw this error. */
    sendError: null as RpcError | null,
    /** Receipt status of transactions sent from now on. */
    receiptStatus: 'success' as 'success' | 'reverted',
    /** While set, eth_sendTransaction waits for it (the wallet's confirmation prompt). */
    sendGate: null as Promise<void> | null,
    /** Makes agentTimeToDeath reads fail. */
    failLifeReads: false,
    /** What QuoterV2 says 1 USDC buys along the life contract's path (A0X, 18 decimals). */
    quotedA0x: 996_999_005_991_990_677_138n,
    /** Makes QuoterV2 quotes fail, as a quoter that reverts or an RPC that times out. */
    failQuotes: false,
    /** The latest block's timestamp (s); null answers no block, as a chain that cannot be read. */
    blockTimestamp: null as number | null,
    blockNumber: 0x10,
    /** The wallet's ETH (wei). */
    ethBalance: 10n ** 18n,
    /**
     * eth_signTypedData_v4 in the wallet double: unsupported (EIP-1193's 4200, as a wallet without
     * EIP-712), not found (JSON-RPC's -32601), signs, or the person rejects.
     */
    typedData: 'unsupported' as 'unsupported' | 'not-found' | 'signs' | 'rejects',
    /** The typed data the wallet signed (parsed JSON). */
    signedTypedData: [] as unknown[],
    /** EIP-5792 support of the wallet double. */
    bundles: 'unsupported' as FakeBundleMode,
    bundleIds: new Map<string, Bundle>(),
    requests: [] as { method: string; params: unknown }[],
    sent: [] as Sent[],
    receipts: new Map<Hex, 'success' | 'reverted'>(),
  };
  const abi = [...usdcAbi, ...fartwinLifeAbi, ...quoterV2Abi];

  function receipt(hash: Hex) {
    const status = state.receipts.get(hash);
    if (!status) return null;
    return {
      blockHash: keccak256(hash),
      blockNumber: '0x10',
      contractAddress: null,
      cumulativeGasUsed: '0x5208',
      effectiveGasPrice: '0x1',
      from: USER_ADDRESS,
      gasUsed: '0x5208',
      logs: [],
      logsBloom: `0x${'0'.repeat(512)}`,
      status: status === 'success' ? '0x1' : '0x0',
      to: LIFE_ADDRESS,
      transactionHash: hash,
      transactionIndex: '0x0',
      type: '0x2',
    };
  }

  function block(number: number, timestamp: number) {
    const zero = `0x${'0'.repeat(64)}`;
    return {
      number: toHex(number),
      hash: keccak256(toHex(`block-${number}`)),
      parentHash: zero,
      timestamp: toHex(timestamp),
      nonce: '0x0000000000000000',
      logsBloom: `0x${'0'.repeat(512)}`,
      transactionsRoot: zero,
      stateRoot: zero,
      receiptsRoot: zero,
      miner: USER_ADDRESS,
      difficulty: '0x0',
      totalDifficulty: '0x0',
      extraData: '0x',
      size: '0x0',
      gasLimit: '0x1c9c380',
      gasUsed: '0x0',
      baseFeePerGas: '0x1',
      sha3Uncles: zero,
      mixHash: zero,
      transactions: [],
      uncles: [],
    };
  }

  function throwSendError() {
    if (!state.sendError) return;
    const error = state.sendError;
    state.sendError = null;
    throw error;
  }

  function sendTransaction(tx: { data: Hex }): Hex {
    const { functionName, args = [] } = decodeFunctionData({ abi, data: tx.data });
    const hash = keccak256(toHex(`tx-${state.sent.length}`));
    state.sent.push({ hash, functionName, args, data: tx.data });
    state.receipts.set(hash, state.receiptStatus);
    if (state.receiptStatus === 'success') {
      if (functionName === 'approve') state.allowance = args[1] as bigint;
      if (functionName === 'extendLife') {
        const now = BigInt(Math.floor(Date.now() / 1000));
        state.allowance = 0n;
        state.expirySeconds.set(args[0] as string, now + BigInt(BATTERY_LIFE_SECONDS));
      }
    }
    return hash;
  }

  function handle(method: string, params: unknown): unknown {
    state.requests.push({ method, params });
    const list = (params ?? []) as unknown[];
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [USER_ADDRESS];
      case 'eth_chainId':
        return state.chainId;
      case 'net_version':
        return String(Number(state.chainId));
      case 'wallet_switchEthereumChain':
        state.chainId = (list[0] as { chainId: string }).chainId;
        return null;
      case 'eth_blockNumber':
        return toHex(state.blockNumber);
      case 'eth_getBlockByNumber':
        if (state.blockTimestamp === null) throw new RpcError(-32601, 'No blocks in this fake chain');
        return block(state.blockNumber, state.blockTimestamp);
      case 'eth_sendTransaction':
        throwSendError();
        return sendTransaction(list[0] as { data: Hex });
      case 'eth_getBalance':
        return toHex(state.ethBalance);
      case 'eth_gasPrice':
        return toHex(1_000_000_000n);
      case 'eth_signTypedData_v4': {
        if (state.typedData === 'unsupported')
          throw new RpcError(4200, 'The provider does not support the requested method.');
        if (state.typedData === 'not-found') throw new RpcError(-32601, `The method ${method} does not exist`);
        if (state.typedData === 'rejects') throw new RpcError(4001, 'User rejected the request.');
        const [, typedData] = params as [string, string];
        state.signedTypedData.push(JSON.parse(typedData));
        return `0x${'ab'.repeat(64)}1b`;
      }
      case 'wallet_getCapabilities':
        if (state.bundles === 'unsupported') throw new RpcError(-32601, `Method ${method} is not faked`);
        return {
          [BASE_CHAIN_ID_HEX]: { atomic: { status: state.bundles === 'atomic' ? 'supported' : 'unsupported' } },
        };
      case 'wallet_sendCalls': {
        if (state.bundles === 'unsupported') throw new RpcError(-32601, `Method ${method} is not faked`);
        throwSendError();
        const { calls, capabilities } = list[0] as {
          calls: { data: Hex }[];
          capabilities?: { dataSuffix?: { value: Hex } };
        };
        // The dataSuffix capability (ERC-8021): the wallet appends it to each call's data.
        const suffix = capabilities?.dataSuffix?.value.slice(2) ?? '';
        const suffixed = calls.map((call) => ({ ...call, data: `${call.data}${suffix}` as Hex }));
        const landing = state.bundles === 'first-call-only' ? suffixed.slice(0, 1) : suffixed;
        const id = keccak256(toHex(`bundle-${state.bundleIds.size}`));
        state.bundleIds.set(id, {
          hashes: landing.map(sendTransaction),
          dropped: calls.length - landing.length,
          atomic: state.bundles === 'atomic',
        });
        return { id };
      }
      case 'wallet_getCallsStatus': {
        const bundle = state.bundleIds.get(list[0] as string);
        if (!bundle) throw new RpcError(5730, 'Unknown bundle id');
        const succeeded = bundle.hashes.filter((hash) => state.receipts.get(hash) === 'success').length;
        const status = bundle.dropped === 0 && succeeded === bundle.hashes.length ? 200 : succeeded > 0 ? 600 : 500;
        return {
          version: '2.0.0',
          id: list[0],
          chainId: BASE_CHAIN_ID_HEX,
          atomic: bundle.atomic,
          status,
          receipts: bundle.hashes.map((hash) => {
            const { logs, status: receiptStatus, blockHash, blockNumber, gasUsed, transactionHash } = receipt(hash)!;
            return { logs, status: receiptStatus, blockHash, blockNumber, gasUsed, transactionHash };
          }),
        };
      }
      case 'eth_getTransactionReceipt':
        return receipt(list[0] as Hex);
      case 'eth_getTransactionByHash':
        return null;
      case 'eth_call': {
        const call = list[0] as { data: Hex };
        const { functionName, args = [] } = decodeFunctionData({ abi, data: call.data });
        if (functionName === 'allowance') {
          return encodeFunctionResult({ abi: usdcAbi, functionName: 'allowance', result: state.allowance });
        }
        if (functionName === 'agentTimeToDeath') {
          if (state.failLifeReads) throw new RpcError(-32603, 'Internal JSON-RPC error.');
          const expiry = state.expirySeconds.get(args[0] as string) ?? 0n;
          return encodeFunctionResult({ abi: fartwinLifeAbi, functionName: 'agentTimeToDeath', result: expiry });
        }
        if (functionName === 'swapPath') {
          const path = encodeV3Path([USDC_ADDRESS, A0X_ADDRESS], [3000]);
          return encodeFunctionResult({ abi: fartwinLifeAbi, functionName: 'swapPath', result: path });
        }
        if (functionName === 'quoteExactInput') {
          if (state.failQuotes) throw new RpcError(3, 'execution reverted');
          return encodeFunctionResult({
            abi: quoterV2Abi,
            functionName: 'quoteExactInput',
            result: [state.quotedA0x, [], [], 0n],
          });
        }
        throw new RpcError(-32601, `eth_call ${functionName} is not faked`);
      }
      default:
        throw new RpcError(-32601, `Method ${method} is not faked`);
    }
  }

  /** The wallet double: an EIP-1193 provider with the events the wagmi connector listens to. */
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const provider = {
    request: async ({ method, params }: { method: string; params?: unknown }) => {
      if ((method === 'eth_sendTransaction' || method === 'wallet_sendCalls') && state.sendGate) await state.sendGate;
      return handle(method, params);
    },
    on: (event: string, listener: (...args: unknown[]) => void) => {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    removeListener: (event: string, listener: (...args: unknown[]) => void) => listeners.get(event)?.delete(listener),
  };

  /** JSON-RPC over HTTP, single or batched, as viem's http transport sends it. */
  async function rpcOverHttp(body: unknown): Promise<unknown> {
    const one = (request: { id: number; method: string; params?: unknown }) => {
      try {
        return { jsonrpc: '2.0', id: request.id, result: handle(request.method, request.params) };
      } catch (error) {
        const rpc = error instanceof RpcError ? error : new RpcError(-32603, String(error));
        return { jsonrpc: '2.0', id: request.id, error: { code: rpc.code, message: rpc.message } };
      }
    };
    return Array.isArray(body) ? body.map(one) : one(body as { id: number; method: string });
  }

  return { state, provider, handle, rpcOverHttp, methods: () => state.requests.map((r) => r.method) };
}

export type FakeChain = ReturnType<typeof createFakeChain>;
