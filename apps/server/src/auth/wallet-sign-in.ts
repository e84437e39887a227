import { BASE_CHAIN_ID, type WalletSignInResponse, walletSignInErrorCodes } from '@fartwin/protocol';
import { getAddress, type PublicClient, verifyMessage } from 'viem';
import {
  createSiweMessage,
  parseSiweMessage,
  type SiweMessage,
  validateSiweMessage,
  verifySiweMessage,
} from 'viem/siwe';
import { HttpError } from '../platform/http/errors.ts';
import { TimeBudgetExceeded, withinBudget } from '../platform/limits/time-budget.ts';
import type { AccountsByAddress } from '../platform/providers/accounts-by-address.ts';
import { NeynarError } from '../platform/providers/neynar-http.ts';
import { WALLET_NONCE_TTL_MINUTES, type WalletNonces } from './wallet-nonces.ts';
import type { WalletSessions } from './wallet-sessions.ts';

/** How far ahead of the server's clock a message's Issued At may be (a device's clock drifts). */
const CLOCK_SKEW_MS = 60_000;
/** Time budgets of the two outgoing calls a sign-in can make; together within the request budget. */
export const SMART_WALLET_CHECK_BUDGET_MS = 4_000;
export const ACCOUNT_LOOKUP_BUDGET_MS = 4_000;
/** Seconds a client is asked to wait when a dependency did not answer. */
const RETRY_AFTER_SECONDS = '5';

export interface WalletSignInDeps {
  nonces: WalletNonces;
  sessions: WalletSessions;
  accounts: AccountsByAddress;
  /** Checks smart-wallet signatures (ERC-1271 / ERC-6492) on the app's chain. */
  chain: PublicClient;
  /** The app's domain: the only one messages may sign in to. */
  domain: string;
  /** The app's own URL (PUBLIC_URL's origin): the only `URI:` a message may name. */
  origin: string;
  chainId?: number;
  /** Told of each signed-in owner's wallet: where Base's Notifications API reaches them. */
  onSignedIn?: (fid: number, address: `0x${string}`) => Promise<void>;
}

const failed = (message: string) => new HttpError(401, walletSignInErrorCodes.signInFailed, message);
const unavailable = (message: string) =>
  new HttpError(503, walletSignInErrorCodes.signInUnavailable, message, { 'retry-after': RETRY_AFTER_SECONDS });

/**
 * Web mode's sign-in: checks an EIP-4361 message and its signature, maps the address to the
 * Farcaster account that holds or has verified it, and issues a session. The nonce is used up
 * first, so whatever fails after it, the same message cannot be tried again, and nothing is issued.
 */
export function walletSignIn(deps: WalletSignInDeps) {
  const chainId = deps.chainId ?? BASE_CHAIN_ID;

  return async (input: { message: string; signature: `0x${string}` }): Promise<WalletSignInResponse> => {
    const now = new Date();
    const message = parseSiweMessage(input.message);
    if (message.nonce && !(await deps.nonces.consume(message.nonce))) {
      throw failed('The sign-in nonce was not issued by Fartwin, has expired or was already used. Sign in again.');
    }
    if (!message.nonce || !message.domain || !message.address) {
      throw failed('The message is not an EIP-4361 sign-in message (it needs a domain, an address and a nonce).');
    }
    checkMessage(message, { domain: deps.domain, origin: deps.origin, chainId, now });
    if (!validateSiweMessage({ message, domain: deps.domain, address: message.address, time: now })) {
      throw failed('The message is not a valid EIP-4361 sign-in message.');
    }
    checkExactForm(input.message, message);
    const address = getAddress(message.address);
    if (!(await signedBy(deps, { ...input, address, now }))) {
      throw failed(`The signature is not from ${address}.`);
    }
    const account = await accountFor(deps.accounts, address);
    if (!account) {
      throw new HttpError(
        403,
        walletSignInErrorCodes.noFarcasterAccount,
        `No Farcaster account holds or has verified ${address}. This wallet can browse and revive twins, ` +
          'but it cannot deploy a twin or chat as someone.',
      );
    }
    const session = await deps.sessions.issue(account.fid, address);
    await deps.onSignedIn?.(account.fid, address);
    return {
      token: session.token,
      fid: account.fid,
      username: account.username,
      address,
      expiresAt: session.expiresAt.toISOString(),
    };
  };
}

/**
 * The message's own claims, each failure with its own sentence. viem's validateSiweMessage checks only
 * what it is given (domain, nonce, address) plus the version and the time window; the URI, the
 * chain, the scheme and the fields Fartwin does not use are checked here.
 */
function checkMessage(
  message: Partial<SiweMessage>,
  rules: { domain: string; origin: string; chainId: number; now: Date },
) {
  if (message.domain !== rules.domain) {
    throw failed(`The message signs in to ${message.domain}, not to ${rules.domain}.`);
  }
  const scheme = new URL(rules.origin).protocol.slice(0, -1);
  if (message.scheme !== undefined && message.scheme !== scheme) {
    throw failed(`The message signs in over ${message.scheme}, not ${scheme}.`);
  }
  // The app's URL as the mini-app writes it (its origin), or with the root path's slash.
  if (message.uri !== rules.origin && message.uri !== `${rules.origin}/`) {
    throw failed(`The message is for ${message.uri ?? 'no URI'}, not for ${rules.origin}.`);
  }
  if (message.version !== '1') {
    throw failed(`The message is of version ${message.version ?? 'none'}; EIP-4361 messages are version 1.`);
  }
  if (message.address !== getAddress(message.address as `0x${string}`)) {
    throw failed('The address in the message must be written with its EIP-55 checksum.');
  }
  if (message.requestId !== undefined || message.resources !== undefined) {
    throw failed("The message asks for a request id or resources, which Fartwin's sign-in does not use.");
  }
  if (message.chainId !== rules.chainId) {
    throw failed(
      `The message is for chain ${message.chainId ?? 'none'}, but Fartwin runs on Base (chain ${rules.chainId}).`,
    );
  }
  const issuedAt = message.issuedAt?.getTime();
  if (issuedAt === undefined || Number.isNaN(issuedAt)) throw failed('The message has no valid Issued At time.');
  const now = rules.now.getTime();
  if (issuedAt > now + CLOCK_SKEW_MS) {
    throw failed("The message was issued in the future. Check the device's clock and sign in again.");
  }
  if (issuedAt < now - WALLET_NONCE_TTL_MINUTES * 60_000) {
    throw failed(`The message was issued more than ${WALLET_NONCE_TTL_MINUTES} minutes ago. Sign in again.`);
  }
  const expires = message.expirationTime?.getTime();
  if (expires !== undefined && (Number.isNaN(expires) || expires <= now)) {
    throw failed('The message has expired. Sign in again.');
  }
  const notBefore = message.notBefore?.getTime();
  if (notBefore !== undefined && (Number.isNaN(notBefore) || notBefore > now)) {
    throw failed('The message is not valid yet (its Not Before time is in the future).');
  }
}

/**
 * viem's parser reads the first of each field wherever it is, and skips what it does not know: the
 * message must be exactly what its fields make (viem's createSiweMessage, as the mini-app writes
 * it), so a repeated field (a second Chain ID), an unknown line or anything after the last field is
 * refused. Dates are written as toISOString does.
 */
function checkExactForm(text: string, message: Partial<SiweMessage>) {
  let expected: string;
  try {
    expected = createSiweMessage(message as SiweMessage);
  } catch {
    throw failed('The message is not a valid EIP-4361 sign-in message.');
  }
  if (text === expected) return;
  const lines = text.split('\n');
  const wanted = expected.split('\n');
  const at = lines.findIndex((line, index) => line !== wanted[index]);
  const line = at === -1 ? lines.length + 1 : at + 1;
  const shown = at === -1 ? '(missing)' : JSON.stringify(lines[at]!.slice(0, 80));
  throw failed(`The message is not in EIP-4361's exact form: line ${line} ${shown} is not what that line must be.`);
}

/**
 * A plain account's signature is checked here; anything else may be a smart wallet's (ERC-1271, or
 * ERC-6492 before it is deployed), which only the chain can check, within a time budget.
 */
async function signedBy(
  deps: WalletSignInDeps,
  input: { message: string; signature: `0x${string}`; address: `0x${string}`; now: Date },
): Promise<boolean> {
  const byAccount = await verifyMessage(input).catch(() => false);
  if (byAccount) return true;
  const onChain = async () => {
    const valid = await verifySiweMessage(deps.chain, {
      message: input.message,
      signature: input.signature,
      address: input.address,
      domain: deps.domain,
      time: input.now,
    });
    // viem reads a chain that did not answer as an invalid signature: ask the chain whether it is
    // there before calling the signature wrong.
    if (!valid) await deps.chain.getBlockNumber({ cacheTime: 0 });
    return valid;
  };
  try {
    return await withinBudget(onChain(), SMART_WALLET_CHECK_BUDGET_MS, 'smart wallet signature check');
  } catch {
    throw unavailable(
      "The wallet's signature could not be checked right now (the chain did not answer). Please try again in a moment.",
    );
  }
}

async function accountFor(accounts: AccountsByAddress, address: `0x${string}`) {
  try {
    return await withinBudget(accounts.accountFor(address), ACCOUNT_LOOKUP_BUDGET_MS, 'Farcaster account lookup');
  } catch (error) {
    if (error instanceof NeynarError || error instanceof TimeBudgetExceeded) {
      throw unavailable(
        "Fartwin could not look up this wallet's Farcaster account right now. Please try again in a moment.",
      );
    }
    throw error;
  }
}
