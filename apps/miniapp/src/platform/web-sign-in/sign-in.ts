import {
  walletSignInErrorCodes,
  walletSignInNonceResponseSchema,
  walletSignInPaths,
  walletSignInResponseSchema,
} from '@fartwin/protocol';
import { createSiweMessage } from 'viem/siwe';
import { ApiError, apiJson } from '../../lib/api-client.ts';
import { loadAppConfig } from '../../lib/config.ts';
import { webModeStrings } from '../../lib/strings.ts';
import { type WebSession, webSession } from '../../lib/web-session.ts';
import type { WalletStack } from '../wallet/index.ts';
import { setSignInState as setState, signInState } from './sign-in-state.ts';

/** How long the signed message itself is valid: the server takes it within minutes of its nonce. */
const MESSAGE_VALID_MS = 10 * 60_000;

/** 4001, as a wallet answers a request the person declined. */
const USER_REJECTED = 4001;

function rejectedByUser(error: unknown): boolean {
  for (let cause = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; cause && depth < 10; depth++) {
    if (cause.code === USER_REJECTED) return true;
    cause = cause.cause as typeof cause;
  }
  return false;
}

/** One clear sentence per way a sign-in fails. */
function failureText(error: unknown, step: 'wallet' | 'signature' | 'server', address: string | null): string {
  if (rejectedByUser(error))
    return step === 'signature' ? webModeStrings.signatureRejected : webModeStrings.walletRejected;
  if (error instanceof ApiError) {
    if (error.code === walletSignInErrorCodes.noFarcasterAccount)
      return webModeStrings.noFarcasterAccount(address ?? '');
    if (error.code === walletSignInErrorCodes.signInFailed) return webModeStrings.signInFailed(error.message);
    // 503 with the server's own sentence (the chain or the account lookup did not answer); 429 too.
    if (error.status === 503 || error.status === 429) return error.message;
    if (error.status >= 500) return webModeStrings.serverDown;
    return webModeStrings.signInFailed(error.message);
  }
  // fetch itself failed: the server is down or unreachable.
  if (step === 'server' && error instanceof TypeError) return webModeStrings.serverDown;
  // viem's and wagmi's errors carry a one-line shortMessage (lib/errors.ts is not imported here: it
  // would pull the first load's modules apart into more chunks).
  const short = (error as { shortMessage?: unknown } | null)?.shortMessage;
  return webModeStrings.signInFailed(
    typeof short === 'string' && short ? short : error instanceof Error ? error.message : String(error),
  );
}

/**
 * "Sign in": connect the browser's wallet (on Base), get a nonce, sign an EIP-4361 message for this
 * app's domain, and trade it for a session. The session is stored only when everything went
 * through; a failure leaves none, and says why.
 */
export async function signInWithWallet(loadStack: () => Promise<WalletStack>): Promise<WebSession | null> {
  if (signInState.get().busy) return null;
  setState({ busy: true, error: null, noAccountAddress: null });
  webSession.clear();
  let step: 'wallet' | 'signature' | 'server' = 'wallet';
  let address: string | null = null;
  try {
    const stack = await loadStack();
    const wallet = await stack.connectBrowserWallet();
    address = wallet.address;
    step = 'server';
    const [{ chainId }, { nonce }] = await Promise.all([
      loadAppConfig(),
      apiJson(walletSignInPaths.nonce, walletSignInNonceResponseSchema, { method: 'POST' }),
    ]);
    const issuedAt = new Date();
    const message = createSiweMessage({
      domain: window.location.host,
      address: wallet.address,
      statement: webModeStrings.signInStatement,
      uri: window.location.origin,
      version: '1',
      chainId,
      nonce,
      issuedAt,
      expirationTime: new Date(issuedAt.getTime() + MESSAGE_VALID_MS),
    });
    step = 'signature';
    const signature = await stack.signMessage(message);
    step = 'server';
    const answer = await apiJson(walletSignInPaths.signIn, walletSignInResponseSchema, {
      method: 'POST',
      body: { message, signature },
    });
    const session: WebSession = { ...answer, connectorId: wallet.connectorId };
    webSession.set(session);
    setState({ busy: false });
    return session;
  } catch (error) {
    console.warn('Sign-in failed', error);
    const noAccount = error instanceof ApiError && error.code === walletSignInErrorCodes.noFarcasterAccount;
    webSession.clear();
    setState({
      busy: false,
      error: failureText(error, step, address),
      noAccountAddress: noAccount ? address : null,
    });
    return null;
  }
}
