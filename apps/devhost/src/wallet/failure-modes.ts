import { Provider, RpcResponse } from 'ox';

/**
 * The errors a wallet can answer with, so the mini-app's handling of each can be seen:
 * ox's EIP-1193 provider errors and JSON-RPC errors, each with its standard code and message.
 */
const WALLET_ERRORS = [
  Provider.UserRejectedRequestError,
  Provider.UnauthorizedError,
  Provider.UnsupportedMethodError,
  Provider.DisconnectedError,
  Provider.ChainDisconnectedError,
  RpcResponse.InvalidInputError,
  RpcResponse.ResourceNotFoundError,
  RpcResponse.ResourceUnavailableError,
  RpcResponse.TransactionRejectedError,
  RpcResponse.MethodNotSupportedError,
  RpcResponse.LimitExceededError,
  RpcResponse.VersionNotSupportedError,
  RpcResponse.InvalidRequestError,
  RpcResponse.MethodNotFoundError,
  RpcResponse.InvalidParamsError,
  RpcResponse.InternalError,
  RpcResponse.ParseError,
] as const;

/** 'none' answers normally; otherwise the code of the error user-facing requests fail with. */
export type WalletFailureMode = 'none' | `${(typeof WALLET_ERRORS)[number]['code']}`;

/** The choices of the wallet panel, e.g. "4001 The user rejected the request.". */
export const WALLET_FAILURE_MODES: readonly { mode: WalletFailureMode; label: string }[] = [
  { mode: 'none', label: 'Answer normally' },
  ...WALLET_ERRORS.map((WalletError) => ({
    mode: `${WalletError.code}` as const,
    label: `${WalletError.code} ${new WalletError().message}`,
  })),
];

/** The error a request fails with in this mode; null when it answers normally. */
export function walletFailure(mode: WalletFailureMode): Error | null {
  const WalletError = WALLET_ERRORS.find((candidate) => `${candidate.code}` === mode);
  return WalletError ? new WalletError() : null;
}

/** Requests a person answers in a real wallet; only these fail in a failure mode (reads still work). */
export const USER_FACING_METHODS = new Set([
  'eth_requestAccounts',
  'wallet_switchEthereumChain',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'personal_sign',
  'eth_signTypedData_v4',
]);
