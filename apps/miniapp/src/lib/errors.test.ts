import { describe, expect, it } from 'vitest';
import { errorMessage, rejectedByUser, unsupportedMethod, walletErrorText } from './errors.ts';

/** A provider error as the frame SDK raises it (ox's ProviderRpcError). */
const providerError = (code: number, message: string) =>
  Object.assign(new Error(message), { name: 'ProviderRpcError', code });

describe('wallet errors', () => {
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

  it('a wallet without the method is told apart by its code (4200, -32601, -32004), wrapped or not', () => {
    for (const code of [4200, -32601, -32004]) {
      expect(unsupportedMethod(Object.assign(new Error('outer'), { cause: providerError(code, 'x') }))).toBe(true);
    }
    expect(unsupportedMethod(providerError(4001, 'User rejected the request.'))).toBe(false);
    expect(unsupportedMethod(providerError(-32603, 'Internal error'))).toBe(false);
    expect(rejectedByUser(providerError(4200, 'x'))).toBe(false);
  });
});
