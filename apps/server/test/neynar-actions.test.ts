import { verifyTypedData } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ID_REGISTRY_TRANSFER,
  neynarFarcasterActions,
  neynarIdem,
} from '../src/platform/providers/neynar-farcaster-actions.ts';
import { NeynarError } from '../src/platform/providers/neynar-http.ts';
import { startFakeHttp } from './fake-http.ts';
import { type NeynarStandIn, STAND_IN_API_KEY, STAND_IN_WALLET_ID, startNeynarStandIn } from './neynar-stand-in.ts';

const API_KEY = STAND_IN_API_KEY;
const WALLET_ID = STAND_IN_WALLET_ID;

describe('Neynar Farcaster actions (production provider)', () => {
  let neynar: NeynarStandIn;
  beforeAll(async () => {
    neynar = await startNeynarStandIn();
  });
  afterAll(() => neynar.close());
  beforeEach(() => {
    neynar.requests.length = 0;
  });
  // Every answer the code consumed was one Neynar's spec allows.
  afterEach(() => expect(neynar.violations.splice(0)).toEqual([]));

  const actions = (
    options: { apiKey?: string; walletId?: string | null; timeoutMs?: number; accountCreationTimeoutMs?: number } = {},
  ) =>
    neynarFarcasterActions({
      apiKey: options.apiKey ?? API_KEY,
      baseUrl: neynar.url,
      walletId: options.walletId === null ? undefined : (options.walletId ?? WALLET_ID),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.accountCreationTimeoutMs ? { accountCreationTimeoutMs: options.accountCreationTimeoutMs } : {}),
    });
  const twin = (username: string) => ({
    custody: privateKeyToAccount(generatePrivateKey()),
    username,
    displayName: 'Alice (twin)',
    bio: 'Digital twin of @alice.',
    pfpUrl: 'https://example.com/alice.png',
  });
  const calls = () => neynar.calls();

  it('registers a fresh fid for the custody address with a signed IdRegistry transfer', async () => {
    const request = twin('alice-twin');
    const before = Math.floor(Date.now() / 1000);
    const account = await actions().createAccount(request);

    expect(calls()).toEqual([
      'GET /v2/farcaster/user/custody-address/',
      'GET /v2/farcaster/user/fid/',
      'GET /v2/farcaster/fname/availability/',
      'POST /v2/farcaster/user/',
    ]);
    expect(neynar.requests.every((call) => call.headers['x-api-key'] === API_KEY)).toBe(true);
    expect(neynar.requests[0]!.url).toBe(
      `/v2/farcaster/user/custody-address/?custody_address=${request.custody.address}`,
    );
    expect(neynar.requests[1]!.headers['x-wallet-id']).toBe(WALLET_ID);
    expect(neynar.requests[2]!.url).toBe('/v2/farcaster/fname/availability/?fname=alice-twin');

    const registration = neynar.requests[3]!;
    expect(registration.headers['x-wallet-id']).toBe(WALLET_ID);
    expect(registration.headers['content-type']).toBe('application/json');
    const body = JSON.parse(registration.body);
    expect(body).toMatchObject({
      fid: account.fid,
      requested_user_custody_address: request.custody.address,
      fname: 'alice-twin',
      metadata: {
        username: 'alice-twin',
        display_name: 'Alice (twin)',
        bio: 'Digital twin of @alice.',
        pfp_url: 'https://example.com/alice.png',
      },
    });
    expect(body.deadline).toBeGreaterThan(before);
    expect(body.deadline).toBeLessThanOrEqual(before + 3600 + 5);
    // The message Farcaster documents: Transfer(uint256 fid,address to,uint256 nonce,uint256 deadline) on
    // the IdRegistry at 0x00000000Fc6c5F01Fc30151999387Bb99A9f489b, Optimism.
    expect(ID_REGISTRY_TRANSFER.domain).toEqual({
      name: 'Farcaster IdRegistry',
      version: '1',
      chainId: 10,
      verifyingContract: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
    });
    const fields = ID_REGISTRY_TRANSFER.types.Transfer.map(({ name, type }) => `${type} ${name}`);
    expect(`${ID_REGISTRY_TRANSFER.primaryType}(${fields.join(',')})`).toBe(
      'Transfer(uint256 fid,address to,uint256 nonce,uint256 deadline)',
    );
    const signedByCustody = await verifyTypedData({
      ...ID_REGISTRY_TRANSFER,
      address: request.custody.address,
      message: { fid: BigInt(body.fid), to: request.custody.address, nonce: 0n, deadline: BigInt(body.deadline) },
      signature: body.signature,
    });
    expect(signedByCustody).toBe(true);

    expect(account).toEqual({ fid: 900_001, username: 'alice-twin', signerId: 'signer-900001' });
  });

  it('returns the account that already has the custody address, with its signer, without registering again', async () => {
    const request = twin('bob-twin');
    const first = await actions().createAccount(request);
    neynar.requests.length = 0;

    const again = await actions().createAccount({ ...request, username: 'other-name' });

    expect(again).toEqual(first);
    expect(calls()).toEqual([
      'GET /v2/farcaster/user/custody-address/',
      'GET /v2/farcaster/login/nonce/',
      'GET /v2/farcaster/signer/list/',
    ]);
    const message = new URL(neynar.requests[2]!.url, 'http://x').searchParams.get('message')!;
    expect(parseSiweMessage(message)).toMatchObject({
      address: request.custody.address,
      nonce: 'neynarbMi9zSDuOC1GFqixR',
    });
  });

  it('falls back to {username}{n} within 16 characters when the fname is taken', async () => {
    neynar.takenFnames.add('carol-twin').add('carol-twin2');
    expect((await actions().createAccount(twin('carol-twin'))).username).toBe('carol-twin3');
    expect(calls().filter((call) => call.endsWith('/fname/availability/'))).toHaveLength(3);

    neynar.takenFnames.add('sixteen-chars-ab');
    const long = await actions().createAccount(twin('sixteen-chars-ab'));
    expect(long.username).toBe('sixteen-chars-a2');
  });

  it('publishes a cast with the signer, embeds and an idem derived from the idempotency key', async () => {
    const account = await actions().createAccount(twin('dave-twin'));
    neynar.requests.length = 0;
    const cast = {
      account,
      text: 'gm farcaster!',
      embeds: ['https://fartwin.example/agents/1'],
      idempotencyKey: 'deploy:42:welcome-cast',
    };

    const first = await actions().publishCast(cast);
    const retry = await actions().publishCast(cast);
    const other = await actions().publishCast({ ...cast, idempotencyKey: 'deploy:43:welcome-cast' });

    expect(calls()).toEqual(['POST /v2/farcaster/cast/', 'POST /v2/farcaster/cast/', 'POST /v2/farcaster/cast/']);
    const body = JSON.parse(neynar.requests[0]!.body);
    expect(body).toEqual({
      signer_uuid: account.signerId,
      text: 'gm farcaster!',
      embeds: [{ url: 'https://fartwin.example/agents/1' }],
      idem: neynarIdem('deploy:42:welcome-cast'),
    });
    expect(body.idem).toMatch(/^[0-9a-f]{16}$/);
    expect(first.hash).toMatch(/^0x[0-9a-f]{40}$/);
    expect(retry).toEqual(first);
    expect(other.hash).not.toBe(first.hash);
  });

  it('explains what went wrong when Neynar refuses or fails', async () => {
    const request = twin('erin-twin');
    const registeredBefore = neynar.registered();
    await expect(actions({ apiKey: 'wrong-key' }).createAccount(request)).rejects.toThrow(
      new NeynarError('Neynar /v2/farcaster/user/custody-address/ answered HTTP 401: Unauthorized'),
    );
    await expect(actions({ walletId: null }).createAccount(request)).rejects.toThrow(
      'Creating a Farcaster account through Neynar needs its app wallet id (x-wallet-id)',
    );

    neynar.failNext(neynar.routes.register, 409, {
      code: 'Conflict',
      key: 'fname',
      message: 'fname already registered',
    });
    await expect(actions().createAccount(request)).rejects.toThrow(
      'Neynar /v2/farcaster/user/ answered HTTP 409: fname already registered',
    );
    neynar.failNext(neynar.routes.register, 500, { message: 'Wallet balance too low' });
    await expect(actions().createAccount(request)).rejects.toThrow(
      'Neynar /v2/farcaster/user/ answered HTTP 500: Wallet balance too low',
    );
    // Not in the spec (a refusal is never a 200), but never taken for a registration either.
    neynar.failNext(
      neynar.routes.register,
      200,
      { success: false, message: 'fname already registered' },
      { offSpec: true },
    );
    await expect(actions().createAccount(request)).rejects.toThrow(
      /Neynar \/v2\/farcaster\/user\/ answered in an unexpected shape: .*success/s,
    );
    neynar.failNext(neynar.routes.freshFid, 200, { message: 'Please try again later' }, { offSpec: true });
    await expect(actions().createAccount(request)).rejects.toThrow(
      /Neynar \/v2\/farcaster\/user\/fid\/ answered in an unexpected shape: .*fid/s,
    );
    expect(neynar.registered()).toBe(registeredBefore);

    const account = await actions().createAccount(request);
    const cast = { account, text: 'hi', embeds: [], idempotencyKey: 'k' };
    neynar.failNext(neynar.routes.publishCast, 500, { message: 'boom' });
    await expect(actions().publishCast(cast)).rejects.toThrow('Neynar /v2/farcaster/cast/ answered HTTP 500: boom');
    neynar.failNext(neynar.routes.publishCast, 502, '<html>Bad gateway</html>', { offSpec: true });
    await expect(actions().publishCast(cast)).rejects.toThrow(/^Neynar \/v2\/farcaster\/cast\/ answered HTTP 502$/);
    await expect(actions().publishCast({ ...cast, account: { ...account, signerId: null } })).rejects.toThrow(
      `Cannot cast as fid ${account.fid}: it has no Neynar signer`,
    );
  });

  // Budgets scaled down 1:20 (10 s → 500 ms, 120 s → 6 s): the stand-in's "minute" is 3 s. (At 1:100
  // a loaded CI machine answered the quick calls later than their 100 ms.)
  const SCALED = { timeoutMs: 500, accountCreationTimeoutMs: 6_000 };
  const NEYNAR_MINUTE_MS = 3_000;

  it('waits for a fresh fid that takes Neynar a minute: account creation has its own budget', async () => {
    neynar.delays.set(neynar.routes.freshFid, NEYNAR_MINUTE_MS);
    try {
      const account = await actions(SCALED).createAccount(twin('slow-twin'));
      expect(account.username).toBe('slow-twin');
      expect(calls()).toContain('POST /v2/farcaster/user/');
      // Every other call keeps the short budget.
      neynar.delays.set(neynar.routes.fname, NEYNAR_MINUTE_MS);
      await expect(actions(SCALED).createAccount(twin('other-slow-twin'))).rejects.toThrow(
        'Neynar /v2/farcaster/fname/availability/ did not answer within 0.5 s',
      );
    } finally {
      neynar.delays.clear();
    }
  });

  it('a registration whose answer came too late is found by its custody address, never registered twice', async () => {
    const request = twin('late-twin');
    const before = neynar.registered();
    // Neynar registers at once and answers after the budget: the caller sees a timeout.
    neynar.delays.set(neynar.routes.register, NEYNAR_MINUTE_MS);
    let account: Awaited<ReturnType<ReturnType<typeof actions>['createAccount']>>;
    try {
      account = await actions({ timeoutMs: 100, accountCreationTimeoutMs: 300 }).createAccount(request);
    } finally {
      neynar.delays.clear();
    }
    expect(neynar.registered()).toBe(before + 1);
    expect(account).toEqual({ fid: expect.any(Number), username: 'late-twin', signerId: `signer-${account.fid}` });
    expect(calls().filter((call) => call === 'POST /v2/farcaster/user/')).toHaveLength(1);
    // The deploy's retry: the same account, still one registration.
    expect(await actions(SCALED).createAccount(request)).toEqual(account);
    expect(neynar.registered()).toBe(before + 1);
  });

  it('says Neynar could not be reached when nothing answers', async () => {
    const gone = await startFakeHttp(() => {});
    await gone.close();
    const unreachable = neynarFarcasterActions({ apiKey: API_KEY, baseUrl: gone.url, walletId: WALLET_ID });
    const failure = unreachable.publishCast({
      account: { fid: 1, signerId: 'signer-1' },
      text: 'hi',
      embeds: [],
      idempotencyKey: 'k',
    });
    await expect(failure).rejects.toBeInstanceOf(NeynarError);
    await expect(failure).rejects.toThrow(/^Neynar \/v2\/farcaster\/cast\/ could not be reached: connect ECONNREFUSED/);
  });
});
