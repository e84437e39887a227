import { unknownProviderError, walletErrorTexts } from './strings.ts';

/** The error and the errors it wraps (viem and wagmi keep the wallet's error as a `cause`). */
function* causes(error: unknown): Generator<object> {
  let current = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 10; depth += 1) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** Whether the error, or one it wraps, carries one of these codes. */
function hasCode(error: unknown, codes: ReadonlySet<number>): boolean {
  for (const cause of causes(error)) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'number' && codes.has(code)) return true;
  }
  return false;
}

const USER_REJECTED_CODES = new Set([4001]);

/** EIP-1193's 4001: the person declined the wallet's request (anywhere in the error's causes). */
export function rejectedByUser(error: unknown): boolean {
  return hasCode(error, USER_REJECTED_CODES);
}

/**
 * Codes of a wallet that does not have the method: EIP-1193's 4200 Unsupported Method, JSON-RPC's
 * -32601 Method not found and -32004 Method not supported (viem's UnsupportedProviderMethodError,
 * MethodNotFoundRpcError, MethodNotSupportedRpcError).
 */
const UNSUPPORTED_METHOD_CODES = new Set([4200, -32601, -32004]);

/** Whether the wallet answered that it does not have the method asked (anywhere in the error's causes). */
export function unsupportedMethod(error: unknown): boolean {
  return hasCode(error, UNSUPPORTED_METHOD_CODES);
}

/**
 * The text for a wallet error found anywhere in the error's causes: the text of its code,
 * or "Unknown provider RPC error" for a provider error with another code. null for other errors.
 */
export function walletErrorText(error: unknown): string | null {
  for (const cause of causes(error)) {
    const { code, name } = cause as { code?: unknown; name?: unknown };
    if (typeof code !== 'number') continue;
    const text = walletErrorTexts[code];
    if (text) return text;
    if (name === 'ProviderRpcError') return unknownProviderError;
  }
  return null;
}

/**
 * The one line a person reads for an error: a wallet error's text by its code; otherwise viem's
 * one-line shortMessage, else the message.
 */
export function errorMessage(error: unknown): string {
  const wallet = walletErrorText(error);
  if (wallet) return wallet;
  if (error && typeof error === 'object') {
    const short = (error as { shortMessage?: unknown }).shortMessage;
    if (typeof short === 'string' && short) return short;
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return typeof error === 'string' && error ? error : '';
}
