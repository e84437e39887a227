import { createSiweMessage } from 'viem/siwe';

/**
 * A Sign In With Farcaster message as a Farcaster client writes it for a mini-app's domain
 * (an EIP-4361 message whose resources name the fid). Browser-safe: the dev host signs these.
 */
export function siwfMessage(options: {
  domain: string;
  fid: number;
  address: `0x${string}`;
  nonce: string;
  uri?: string;
  notBefore?: Date;
  expirationTime?: Date;
}): string {
  return createSiweMessage({
    domain: options.domain,
    address: options.address,
    statement: 'Farcaster Auth',
    uri: options.uri ?? `http://${options.domain}/`,
    version: '1',
    chainId: 10,
    nonce: options.nonce,
    issuedAt: new Date(),
    ...(options.notBefore ? { notBefore: options.notBefore } : {}),
    ...(options.expirationTime ? { expirationTime: options.expirationTime } : {}),
    resources: [`farcaster://fid/${options.fid}`],
  });
}
