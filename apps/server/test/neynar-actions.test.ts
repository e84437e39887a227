import type { ServerResponse } from 'node:http';
import { verifyMessage, verifyTypedData } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ID_REGISTRY_TRANSFER, neynarFarcasterActions, neynarIdem } from '../src/providers/neynar-farcaster-actions.ts';
import { NeynarError } from '../src/providers/neynar-http.ts';
import { type RecordedRequest, startFakeHttp } from './fake-http.ts';

const API_KEY = 'neynar-key';
const WALLET_ID = 'app-wallet-1';

interface Account {
  fid: number;
  username: string;
  custody: string;
  signerUuid: string;
}

/**
 * Neynar's v2 endpoints for account creation and casting, answering like the real ones (shapes from
 * Neynar's OpenAPI spec) over a small in-memory network; `override` makes the next matching call fail.
 */
function fakeNeynar() {
  const accounts: Account[] = [];
  const takenFnames = new Set<string>();
  let nextFid = 900_001;
  let override: { path: string; status: number; body: unknown } | null = null;

  const handle = async (request: RecordedRequest, response: ServerResponse) => {
    const url = new URL(request.url, 'http://localhost');
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.headers['x-api-key'] !== API_KEY) return json(401, { code: 'Unauthorized', message: 'Unauthorized' });
    if (override && override.path === url.pathname) {
      const { status, body } = override;
      override = null;
      return json(status, body);
    }
    const route = `${request.method} ${url.pathname}`;
    const query = (name: string) => url.searchParams.get(name) ?? '';
    if (route === 'GET /v2/farcaster/user/custody-address') {
      const account = accounts.find((candidate) => candidate.custody === query('custody_address').toLowerCase());
      if (!account) return json(404, { code: 'NotFound', message: 'User not found' });
      return json(200, {
        user: { object: 'user', fid: account.fid, username: account.username, custody_address: account.custody },
      });
    }
    if (route === 'GET /v2/farcaster/user/fid') {
      if (request.headers['x-wallet-id'] !== WALLET_ID)
        return json(400, { code: 'RequiredField', message: 'x-wallet-id header is required' });
      return json(200, { fid: nextFid++ });
    }
    if (route === 'GET /v2/farcaster/fname/availability')
      return json(200, { available: !takenFnames.has(query('fname')) });
    if (route === 'POST /v2/farcaster/user') {
      const body = JSON.parse(request.body);
      const account = {
        fid: body.fid,
        username: body.fname,
        custody: body.requested_user_custody_address.toLowerCase(),
        signerUuid: `signer-${body.fid}`,
      };
      accounts.push(account);
      takenFnames.add(body.fname);
      return json(200, {
        success: true,
        message: 'Account registered',
        signer: {
          object: 'signer',
          signer_uuid: account.signerUuid,
          public_key: '0x3daa',
          status: 'approved',
          fid: account.fid,
        },
        user: { object: 'user', fid: account.fid, username: account.username, custody_address: account.custody },
      });
    }
    if (route === 'GET /v2/farcaster/login/nonce') return json(200, { nonce: 'neynarbMi9zSDuOC1GFqixR' });
    if (route === 'GET /v2/farcaster/signer/list') {
      const message = query('message');
      const address = parseSiweMessage(message).address;
      const valid =
        address !== undefined &&
        (await verifyMessage({ address, message, signature: query('signature') as `0x${string}` }));
      if (!valid) return json(401, { code: 'InvalidSignature', message: 'Invalid signature' });
      const signers = accounts
        .filter((account) => account.custody === address.toLowerCase())
        .map((account) => ({
          object: 'signer',
          signer_uuid: account.signerUuid,
          public_key: '0x3daa',
          status: 'approved',
          fid: account.fid,
        }));
      return json(200, { signers });
    }
    if (route === 'POST /v2/farcaster/cast') {
      const body = JSON.parse(request.body);
      const author = accounts.find((account) => account.signerUuid === body.signer_uuid);
      if (!author) return json(404, { code: 'NotFound', message: 'Signer not found' });
      return json(200, {
        success: true,
        cast: { hash: `0xcast${body.idem}`, author: { fid: author.fid }, text: body.text },
      });
    }
    return json(404, { code: 'NotFound', message: `no route ${route}` });
  };

  return {
    handle,
    takenFnames,
    failNext(path: string, status: number, body: unknown) {
      override = { path, status, body };
    },
  };
}

describe('Neynar Farcaster actions (production provider)', () => {
  const network = fakeNeynar();
  let neynar: Awaited<ReturnType<typeof startFakeHttp>>;
  beforeAll(async () => {
    neynar = await startFakeHttp(network.handle);
  });
  afterAll(() => neynar.close());
  beforeEach(() => {
    neynar.requests.length = 0;
  });

  const actions = (options: { apiKey?: string; walletId?: string | null } = {}) =>
    neynarFarcasterActions({
      apiKey: options.apiKey ?? API_KEY,
      baseUrl: neynar.url,
      walletId: options.walletId === null ? undefined : (options.walletId ?? WALLET_ID),
    });
  const twin = (username: string) => ({
    custody: privateKeyToAccount(generatePrivateKey()),
    username,
    displayName: 'Alice (twin)',
    bio: 'Digital twin of @alice.',
    pfpUrl: 'https://example.com/alice.png',
  });
  const calls = () =>
    neynar.requests.map((request) => `${request.method} ${new URL(request.url, 'http://x').pathname}`);

  it('registers a fresh fid for the custody address with a signed IdRegistry transfer', async () => {
    const request = twin('alice-twin');
    const before = Math.floor(Date.now() / 1000);
    const account = await actions().createAccount(request);

    expect(calls()).toEqual([
      'GET /v2/farcaster/user/custody-address',
      'GET /v2/farcaster/user/fid',
      'GET /v2/farcaster/fname/availability',
      'POST /v2/farcaster/user',
    ]);
    expect(neynar.requests.every((call) => call.headers['x-api-key'] === API_KEY)).toBe(true);
    expect(neynar.requests[0]!.url).toBe(
      `/v2/farcaster/user/custody-address?custody_address=${request.custody.address}`,
    );
    expect(neynar.requests[1]!.headers['x-wallet-id']).toBe(WALLET_ID);
    expect(neynar.requests[2]!.url).toBe('/v2/farcaster/fname/availability?fname=alice-twin');

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
      'GET /v2/farcaster/user/custody-address',
      'GET /v2/farcaster/login/nonce',
      'GET /v2/farcaster/signer/list',
    ]);
    const message = new URL(neynar.requests[2]!.url, 'http://x').searchParams.get('message')!;
    expect(parseSiweMessage(message)).toMatchObject({
      address: request.custody.address,
      nonce: 'neynarbMi9zSDuOC1GFqixR',
    });
  });

  it('falls back to {username}{n} within 16 characters when the fname is taken', async () => {
    network.takenFnames.add('carol-twin').add('carol-twin2');
    expect((await actions().createAccount(twin('carol-twin'))).username).toBe('carol-twin3');
    expect(calls().filter((call) => call.endsWith('/fname/availability'))).toHaveLength(3);

    network.takenFnames.add('sixteen-chars-ab');
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

    expect(calls()).toEqual(['POST /v2/farcaster/cast', 'POST /v2/farcaster/cast', 'POST /v2/farcaster/cast']);
    const body = JSON.parse(neynar.requests[0]!.body);
    expect(body).toEqual({
      signer_uuid: account.signerId,
      text: 'gm farcaster!',
      embeds: [{ url: 'https://fartwin.example/agents/1' }],
      idem: neynarIdem('deploy:42:welcome-cast'),
    });
    expect(body.idem).toMatch(/^[0-9a-f]{16}$/);
    expect(first).toEqual({ hash: `0xcast${body.idem}` });
    expect(retry).toEqual(first);
    expect(other.hash).not.toBe(first.hash);
  });

  it('explains what went wrong when Neynar refuses or fails', async () => {
    const request = twin('erin-twin');
    await expect(actions({ apiKey: 'wrong-key' }).createAccount(request)).rejects.toThrow(
      new NeynarError('Neynar /v2/farcaster/user/custody-address answered HTTP 401: Unauthorized'),
    );
    await expect(actions({ walletId: null }).createAccount(request)).rejects.toThrow(
      'Creating a Farcaster account through Neynar needs its app wallet id (x-wallet-id)',
    );

    network.failNext('/v2/farcaster/user', 402, { code: 'PaymentRequired', message: 'Wallet balance too low' });
    await expect(actions().createAccount(request)).rejects.toThrow(
      'Neynar /v2/farcaster/user answered HTTP 402: Wallet balance too low',
    );
    network.failNext('/v2/farcaster/user', 200, { success: false, message: 'fname already registered' });
    await expect(actions().createAccount(request)).rejects.toThrow(
      /did not register fid \d+: fname already registered/,
    );
    network.failNext('/v2/farcaster/user/fid', 200, { message: 'Please try again later' });
    await expect(actions().createAccount(request)).rejects.toThrow(
      /Neynar \/v2\/farcaster\/user\/fid answered in an unexpected shape: .*fid/s,
    );

    const account = await actions().createAccount(request);
    const cast = { account, text: 'hi', embeds: [], idempotencyKey: 'k' };
    network.failNext('/v2/farcaster/cast', 500, { message: 'boom' });
    await expect(actions().publishCast(cast)).rejects.toThrow('Neynar /v2/farcaster/cast answered HTTP 500: boom');
    network.failNext('/v2/farcaster/cast', 502, '<html>Bad gateway</html>');
    await expect(actions().publishCast(cast)).rejects.toThrow(/^Neynar \/v2\/farcaster\/cast answered HTTP 502$/);
    await expect(actions().publishCast({ ...cast, account: { ...account, signerId: null } })).rejects.toThrow(
      `Cannot cast as fid ${account.fid}: it has no Neynar signer`,
    );
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
    await expect(failure).rejects.toThrow(/^Neynar \/v2\/farcaster\/cast could not be reached: connect ECONNREFUSED/);
  });
});
