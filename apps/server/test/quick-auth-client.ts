import { localUserAccount, siwfMessage } from '@fartwin/localstack';
import type { Account } from 'viem';

type RequestFn = (path: string, init?: RequestInit) => Response | Promise<Response>;

/**
 * Gets a local Quick Auth token the way the mini-app SDK does: POST /nonce (unless `nonce` is
 * given), have the "client" sign a SIWF message with the user's custody key, POST /verify-siwf.
 */
export async function signIn(
  request: RequestFn,
  options: { fid: number; domain: string; signer?: Account; nonce?: string },
): Promise<{ token?: string; valid?: false; message?: string; status: number }> {
  const nonce =
    options.nonce ?? ((await (await request('/nonce', { method: 'POST' })).json()) as { nonce: string }).nonce;
  const account = localUserAccount(options.fid);
  const signer = options.signer ?? account;
  const message = siwfMessage({ domain: options.domain, fid: options.fid, address: account.address, nonce });
  if (!signer.signMessage) throw new Error('signer cannot sign messages');
  const signature = await signer.signMessage({ message });
  const response = await request('/verify-siwf', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature, domain: options.domain }),
  });
  return { ...((await response.json()) as object), status: response.status };
}

/** A valid token for `fid`, or the test fails. */
export async function tokenFor(request: RequestFn, fid: number, domain: string): Promise<string> {
  const result = await signIn(request, { fid, domain });
  if (!result.token) throw new Error(`sign-in failed: ${JSON.stringify(result)}`);
  return result.token;
}
