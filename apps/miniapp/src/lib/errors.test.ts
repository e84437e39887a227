import { describe, expect, it } from 'vitest';
import { errorMessage, walletErrorText } from './errors.ts';

/** A provider error as the frame SDK raises it (ox's ProviderRpcError). */
const providerError = (code: number, message: string) =>
  Object.assign(new Error(message), { name: 'ProviderRpcError', code });

describe('wallet errors (SPEC §8)', () => {
  it('finds the wallet error among the causes viem and wagmi wrap it in', () => {
    const wrapped = Object.assign(new Error('outer'), {
      shortMessage: 'User rejected the request.',
      cause: Object.assign(new Error('middle'), { code: 4001, cause: providerError(4001, 'x') }),
    });
    expect(errorMessage(wrapped)).toBe('The user rejected the request.');
  });

  it('a provider error with another code is "Unknown provider RPC error"', () => {
    const wrapped = Object.assign(new Error('An unknown RPC error occurred.'), {
      code: -1,
      cause: providerError(4902, 'Unknown provider RPC error'),
    });
    expect(walletErrorText(wrapped)).toBe('Unknown provider RPC error');
  });

  it('other errors read as their short message, else their message', () => {
    expect(walletErrorText(new Error('plain'))).toBeNull();
    expect(errorMessage(Object.assign(new Error('long'), { shortMessage: 'short' }))).toBe('short');
    expect(errorMessage(Object.assign(new Error('Not found'), { code: 'not_found' }))).toBe('Not found');
    expect(errorMessage('text')).toBe('text');
    expect(errorMessage(undefined)).toBe('');
  });
});
