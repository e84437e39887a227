import { unknownProviderError, walletErrorTexts } from './strings.ts';

/** The error and the errors it wraps (viem and wagmi keep the wallet's error as a `cause`). */
function* causes(error: unknown): Generator<object> {
  let current = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 10; depth += 1) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** EIP-1193's 4001: the person declined the wallet's request (anywhere in the error's causes). */
export function rejectedByUser(error: unknown): boolean {
  for (const cause of causes(error)) if ((cause as { code?: unknown }).code === 4001) return true;
  return false;
}

/**
 * SPEC.md §8's text for a wallet error found anywhere in the error's causes: the text of its code,
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
 * The one line a person reads for an error: a wallet error as SPEC.md §8 words it; otherwise viem's
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
