import { Provider, RpcResponse } from 'ox';

/**
 * The errors a wallet can answer with (SPEC.md §8), so the mini-app's handling of each can be seen.
 * 'none' answers normally.
 */
export const WALLET_FAILURE_MODES = {
  none: { label: 'Answer normally', error: null },
  4001: { label: '4001 user rejected the request', error: () => new Provider.UserRejectedRequestError() },
  4100: { label: '4100 not authorised', error: () => new Provider.UnauthorizedError() },
  4200: { label: '4200 method not supported', error: () => new Provider.UnsupportedMethodError() },
  4900: { label: '4900 disconnected', error: () => new Provider.DisconnectedError() },
  4901: { label: '4901 chain disconnected', error: () => new Provider.ChainDisconnectedError() },
  '-32000': { label: '-32000 invalid input', error: () => new RpcResponse.InvalidInputError() },
  '-32001': { label: '-32001 resource not found', error: () => new RpcResponse.ResourceNotFoundError() },
  '-32002': { label: '-32002 resource unavailable', error: () => new RpcResponse.ResourceUnavailableError() },
  '-32003': { label: '-32003 transaction rejected', error: () => new RpcResponse.TransactionRejectedError() },
  '-32004': { label: '-32004 method not supported', error: () => new RpcResponse.MethodNotSupportedError() },
  '-32005': { label: '-32005 limit exceeded', error: () => new RpcResponse.LimitExceededError() },
  '-32006': { label: '-32006 version not supported', error: () => new RpcResponse.VersionNotSupportedError() },
  '-32600': { label: '-32600 invalid request', error: () => new RpcResponse.InvalidRequestError() },
  '-32601': { label: '-32601 method not found', error: () => new RpcResponse.MethodNotFoundError() },
  '-32602': { label: '-32602 invalid params', error: () => new RpcResponse.InvalidParamsError() },
  '-32603': { label: '-32603 internal error', error: () => new RpcResponse.InternalError() },
  '-32700': { label: '-32700 parse error', error: () => new RpcResponse.ParseError() },
} as const satisfies Record<string, { label: string; error: (() => Error & { code: number }) | null }>;

export type WalletFailureMode = keyof typeof WALLET_FAILURE_MODES;

/** Requests a person answers in a real wallet; only these fail in a failure mode (reads still work). */
export const USER_FACING_METHODS = new Set([
  'eth_requestAccounts',
  'wallet_switchEthereumChain',
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
]);
