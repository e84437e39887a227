import { BASE_CHAIN_ID, walletSignInNonceResponseSchema, walletSignInPaths } from '@fartwin/protocol';
import type { Account } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { appDomain } from '../src/auth/app-domain.ts';

/** The EIP-4361 message a browser wallet signs, with any field changed for a test. */
export interface MessageOptions {
  domain?: string;
  chainId?: number;
  issuedAt?: Date;
  expirationTime?: Date;
  address?: `0x${string}`;
}

/** A bot service to sign in to: in-process (app.request) or a process of its own. */
export interface SignInTarget {
  request(path: string, init?: RequestInit): Promise<Response>;
  publicUrl: string;
}

/**
 * Web mode's sign-in as the mini-app does it, over the app's HTTP routes: a nonce, an EIP-4361 message
 * signed by the wallet (`signer`, the account itself unless given), then the sign-in call. Each client
 * comes from its own IP (X-Forwarded-For, one trusted proxy) so the per-IP limits stay its own.
 */
export function walletClient(target: () => SignInTarget, ip: string) {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': ip };
  const request = (path: string, init: RequestInit = {}) =>
    target().request(path, { ...init, headers: { ...headers, ...(init.headers as object) } });
  const nonce = async () =>
    walletSignInNonceResponseSchema.parse(await (await request(walletSignInPaths.nonce, { method: 'POST' })).json())
      .nonce;
  const message = (account: Account, nonceValue: string, options: MessageOptions = {}) => {
    const { publicUrl } = target();
    return createSiweMessage({
      domain: options.domain ?? appDomain(publicUrl),
      address: options.address ?? account.address,
      statement: 'Sign in to Fartwin',
      uri: `${publicUrl}/`,
      version: '1',
      chainId: options.chainId ?? BASE_CHAIN_ID,
      nonce: nonceValue,
      issuedAt: options.issuedAt ?? new Date(),
      ...(options.expirationTime ? { expirationTime: options.expirationTime } : {}),
    });
  };
  const post = (body: unknown) =>
    request(walletSignInPaths.signIn, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) });
  const signIn = async (
    account: Account,
    options: MessageOptions & { nonce?: string; signer?: Account } = {},
  ): Promise<Response> => {
    const text = message(account, options.nonce ?? (await nonce()), options);
    const signature = await (options.signer ?? account).signMessage!({ message: text });
    return post({ message: text, signature });
  };
  /** Signs `text` as given (a message a test edited by hand) and sends it. */
  const signInWithText = async (account: Account, text: string) =>
    post({ message: text, signature: await account.signMessage!({ message: text }) });
  return { request, nonce, message, post, signIn, signInWithText };
}
