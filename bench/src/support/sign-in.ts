import { localUserAccount, siwfMessage } from '@fartwin/localstack';
import { quickAuthPaths } from '@fartwin/protocol';

/**
 * The address a simulated user's requests come from, as the bot service's one trusted proxy reports
 * it (X-Forwarded-For; the bench starts the service with TRUST_PROXY_HOPS=1): each user its own, so
 * per-IP limits count each user as they would count real people.
 */
export function clientHeaders(fid: number): Record<string, string> {
  return { 'x-forwarded-for': `10.${(fid >> 16) & 255}.${(fid >> 8) & 255}.${fid & 255}` };
}

/**
 * A Quick Auth token for a local user, got as the mini-app SDK gets one from the bot service's local
 * Quick Auth server: POST /nonce, a Sign In With Farcaster message signed with the user's custody key
 * (the local network derives it from the dev mnemonic and the fid), POST /verify-siwf.
 */
export async function signIn(serverUrl: string, fid: number): Promise<string> {
  const domain = new URL(serverUrl).host;
  const headers = clientHeaders(fid);
  const nonceResponse = await fetch(`${serverUrl}${quickAuthPaths.nonce}`, { method: 'POST', headers });
  if (!nonceResponse.ok) throw new Error(`POST ${quickAuthPaths.nonce} answered ${nonceResponse.status}`);
  const { nonce } = (await nonceResponse.json()) as { nonce: string };
  const account = localUserAccount(fid);
  const message = siwfMessage({ domain, fid, address: account.address, nonce });
  const signature = await account.signMessage({ message });
  const response = await fetch(`${serverUrl}${quickAuthPaths.verifySiwf}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature, domain }),
  });
  const answer = (await response.json()) as { token?: string };
  if (!answer.token) throw new Error(`sign-in of fid ${fid} failed: ${response.status} ${JSON.stringify(answer)}`);
  return answer.token;
}
