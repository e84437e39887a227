import { createHash } from 'node:crypto';
import type { LocalAccount } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { z } from 'zod';
import type { CreatedAccount, FarcasterActions, NewAccountRequest } from './farcaster-actions.ts';
import { usernameCandidate } from './farcaster-usernames.ts';
import { NeynarError, type NeynarOptions, neynarHttp } from './neynar-http.ts';

/**
 * The EIP-712 message by which an address accepts an fid from Farcaster's IdRegistry on Optimism
 * (https://docs.farcaster.xyz/reference/contracts/reference/id-registry): Neynar hands over one of its
 * pre-registered fids with it.
 */
export const ID_REGISTRY_TRANSFER = {
  domain: {
    name: 'Farcaster IdRegistry',
    version: '1',
    chainId: 10,
    verifyingContract: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
  },
  types: {
    Transfer: [
      { name: 'fid', type: 'uint256' },
      { name: 'to', type: 'address' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Transfer',
} as const;

/** Neynar's examples give the signature an hour; registration must follow the fid within 10 minutes anyway. */
const TRANSFER_SIGNATURE_TTL_SECONDS = 60 * 60;
/**
 * Account creation's per-call budget (the fresh fid and the registration): Neynar's account guide says
 * the first fresh-fid call for a new wallet takes about a minute. The deploy job's expiry (10 minutes)
 * leaves room for both.
 */
export const ACCOUNT_CREATION_BUDGET_MS = 120_000;
/** Each candidate is an availability call, so stop well before it gets silly. */
const USERNAME_ATTEMPTS = 20;

const userByCustodySchema = z.object({ user: z.object({ fid: z.number().int(), username: z.string() }) });
const freshFidSchema = z.object({ fid: z.number().int() });
const fnameAvailabilitySchema = z.object({ available: z.boolean() });
/**
 * RegisterUserResponse in Neynar's spec: `success` is always true (a refusal is a 4xx/5xx with ErrorRes),
 * `signers` is required; the optional `signer` (signer_uuid) may carry the signer too.
 */
const registerSchema = z.object({
  success: z.literal(true),
  signer: z.object({ signer_uuid: z.string() }).nullish(),
  signers: z.array(z.object({ uuid: z.string() })),
});
const nonceSchema = z.object({ nonce: z.string() });
const signerListSchema = z.object({
  signers: z.array(z.object({ signer_uuid: z.string(), fid: z.number().int().nullish(), status: z.string() })),
});
const postCastSchema = z.object({ cast: z.object({ hash: z.string() }) });

/**
 * Production Farcaster writes through Neynar's HTTP API v2: new twin accounts are Neynar's
 * pre-registered fids transferred to the twin's wallet (https://docs.neynar.com/docs/how-to-create-a-new-farcaster-account-with-neynar),
 * and casts go through the Neynar-managed signer that registration returns.
 *
 * `walletId` is the Neynar app wallet (`x-wallet-id`) that pays for the on-chain part of account
 * creation; Neynar requires it for that and only for that.
 */
export function neynarFarcasterActions(
  options: NeynarOptions & { walletId?: string; accountCreationTimeoutMs?: number },
): FarcasterActions {
  const neynar = neynarHttp(options);
  const creationBudget = options.accountCreationTimeoutMs ?? ACCOUNT_CREATION_BUDGET_MS;

  const walletHeaders = () => {
    if (!options.walletId) {
      throw new NeynarError('Creating a Farcaster account through Neynar needs its app wallet id (x-wallet-id)');
    }
    return { 'x-wallet-id': options.walletId };
  };

  const firstFreeFname = async (username: string): Promise<string> => {
    for (let n = 1; n <= USERNAME_ATTEMPTS; n++) {
      const fname = usernameCandidate(username, n);
      const { available } = await neynar.request({
        path: '/v2/farcaster/fname/availability/',
        query: { fname },
        schema: fnameAvailabilitySchema,
      });
      if (available) return fname;
    }
    throw new NeynarError(
      `No free fname for ${username}: it and ${usernameCandidate(username, 2)}…${usernameCandidate(username, USERNAME_ATTEMPTS)} are all taken`,
    );
  };

  /**
   * The signer an earlier attempt registered, for an account found by its custody address: Neynar
   * lists an address's signers to whoever proves control of it with a Sign-In with Ethereum message.
   */
  const existingSigner = async (custody: LocalAccount, fid: number): Promise<string | null> => {
    const { nonce } = await neynar.request({ path: '/v2/farcaster/login/nonce/', schema: nonceSchema });
    const message = createSiweMessage({
      address: custody.address,
      // Neynar's own example signs for mainnet; the message only proves control of the address, to
      // Neynar, so it names Neynar as the party asking.
      chainId: 1,
      domain: new URL(neynar.baseUrl).host,
      uri: neynar.baseUrl,
      version: '1',
      nonce,
    });
    const signature = await custody.signMessage({ message });
    const { signers } = await neynar.request({
      path: '/v2/farcaster/signer/list/',
      query: { message, signature },
      schema: signerListSchema,
    });
    const own = signers.filter((signer) => signer.fid === fid);
    return (own.find((signer) => signer.status === 'approved') ?? own[0])?.signer_uuid ?? null;
  };

  const accountOf = (custody: LocalAccount) =>
    neynar.lookup(
      {
        path: '/v2/farcaster/user/custody-address/',
        query: { custody_address: custody.address },
        schema: userByCustodySchema,
      },
      // 404: no account holds the address. A 400 (the address refused) is an error, never "register".
      [404],
    );

  const found = async (custody: LocalAccount, user: { fid: number; username: string }): Promise<CreatedAccount> => ({
    fid: user.fid,
    username: user.username,
    signerId: await existingSigner(custody, user.fid),
  });

  const register = async (request: NewAccountRequest): Promise<CreatedAccount> => {
    const headers = walletHeaders();
    const { fid } = await neynar.request({
      path: '/v2/farcaster/user/fid/',
      headers,
      schema: freshFidSchema,
      timeoutMs: creationBudget,
    });
    const fname = await firstFreeFname(request.username);
    const deadline = Math.floor(Date.now() / 1000) + TRANSFER_SIGNATURE_TTL_SECONDS;
    const signature = await request.custody.signTypedData({
      ...ID_REGISTRY_TRANSFER,
      // The IdRegistry nonce counts the address's used signatures; a twin's wallet is new and signs
      // nothing else, and once this one is used the account exists and is found by custody above.
      message: { fid: BigInt(fid), to: request.custody.address, nonce: 0n, deadline: BigInt(deadline) },
    });
    const registration = neynar.request({
      path: '/v2/farcaster/user/',
      headers,
      timeoutMs: creationBudget,
      body: {
        signature,
        fid,
        requested_user_custody_address: request.custody.address,
        deadline,
        fname,
        metadata: {
          username: fname,
          display_name: request.displayName,
          bio: request.bio,
          ...(request.pfpUrl ? { pfp_url: request.pfpUrl } : {}),
        },
      },
      schema: registerSchema,
    });
    let registered: z.infer<typeof registerSchema>;
    try {
      registered = await registration;
    } catch (error) {
      // Unanswered in time (or cut off) is not "not registered": Neynar may have done it. Found by
      // the custody address it is the twin's; otherwise the deploy's retry asks again, custody first.
      const existing = await accountOf(request.custody).catch(() => null);
      if (existing) return found(request.custody, existing.user);
      throw error;
    }
    const signerId = registered.signer?.signer_uuid ?? registered.signers[0]?.uuid ?? null;
    return { fid, username: fname, signerId };
  };

  return {
    async createAccount(request) {
      const existing = await accountOf(request.custody);
      return existing ? found(request.custody, existing.user) : register(request);
    },
    async publishCast(request) {
      const { fid, signerId } = request.account;
      if (!signerId) throw new NeynarError(`Cannot cast as fid ${fid}: it has no Neynar signer`);
      const { cast } = await neynar.request({
        path: '/v2/farcaster/cast/',
        body: {
          signer_uuid: signerId,
          text: request.text,
          embeds: request.embeds.map((url) => ({ url })),
          idem: neynarIdem(request.idempotencyKey),
          ...(request.parentHash ? { parent: request.parentHash } : {}),
        },
        schema: postCastSchema,
      });
      return { hash: cast.hash };
    },
  };
}

/**
 * Neynar recommends a 16-character idempotency key; ours may be longer, so it is hashed down. The same
 * key always gives the same idem, and 64 bits keep distinct keys apart.
 */
export function neynarIdem(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 16);
}
