import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { neynarAccountsByAddress } from '../src/platform/providers/accounts-by-address.ts';
import { neynarFarcasterData } from '../src/platform/providers/neynar-farcaster-data.ts';
import { NeynarError } from '../src/platform/providers/neynar-http.ts';
import { loadPersona } from '../src/twin-mind/persona.ts';
import { type NeynarStandIn, STAND_IN_API_KEY, specCast, startNeynarStandIn } from './neynar-stand-in.ts';

const RISH = {
  fid: 194,
  username: 'rish',
  custody: '0x4ae49f0aa762efebebff4bac4ea0847eb6af4ec9',
  bio: 'building neynar',
  verified: ['0x5A927Ac639636E534b678e81768CA19e2c6280B7'],
};
const ROOT_HASH = `0x${'a'.repeat(40)}`;
const REPLY_HASH = `0x${'b'.repeat(40)}`;

describe('Neynar Farcaster data (production provider)', () => {
  let neynar: NeynarStandIn;
  beforeAll(async () => {
    neynar = await startNeynarStandIn();
    const author = neynar.addUser(RISH);
    neynar.casts.set(
      ROOT_HASH,
      specCast({
        hash: ROOT_HASH,
        text: 'shipped a new api endpoint today!',
        author,
        timestamp: '2026-11-20T10:00:00.000Z',
      }),
    );
    neynar.casts.set(
      REPLY_HASH,
      specCast({
        hash: REPLY_HASH,
        text: 'replying: the database migration went fine',
        author,
        parentHash: ROOT_HASH,
        timestamp: '2026-11-19T10:00:00.000Z',
      }),
    );
  });
  afterAll(() => neynar.close());
  // Every answer the code consumed was one Neynar's spec allows.
  afterEach(() => expect(neynar.violations.splice(0)).toEqual([]));

  const provider = (apiKey = STAND_IN_API_KEY) => neynarFarcasterData({ apiKey, baseUrl: neynar.url });

  it('reads a user from /v2/farcaster/user/bulk/ with the API key', async () => {
    expect(await provider().getUser(194)).toEqual({
      fid: 194,
      username: 'rish',
      displayName: 'rish',
      pfpUrl: 'https://example.com/rish.png',
      bio: 'building neynar',
      custodyAddress: '0x4ae49f0aa762efebebff4bac4ea0847eb6af4ec9',
      // Where the owner may withdraw the twin's money (twin-wallet/): custody and verified addresses.
      verifiedAddresses: ['0x5a927ac639636e534b678e81768ca19e2c6280b7'],
    });
    expect(neynar.requests.at(-1)!.url).toBe('/v2/farcaster/user/bulk/?fids=194');
  });

  it('reads recent casts from /v2/farcaster/feed/user/casts/, capped at 150 per call', async () => {
    const casts = await provider().getRecentCasts(194, 500);
    expect(neynar.requests.at(-1)!.url).toBe('/v2/farcaster/feed/user/casts/?fid=194&limit=150&include_replies=true');
    expect(casts).toEqual([
      {
        hash: ROOT_HASH,
        text: 'shipped a new api endpoint today!',
        parentHash: null,
        createdAt: new Date('2026-11-20T10:00:00.000Z'),
      },
      {
        hash: REPLY_HASH,
        text: 'replying: the database migration went fine',
        parentHash: ROOT_HASH,
        createdAt: new Date('2026-11-19T10:00:00.000Z'),
      },
    ]);
  });

  it('reads a cast and its author from /v2/farcaster/cast/ by hash', async () => {
    expect(await provider().getCast(REPLY_HASH)).toEqual({
      hash: REPLY_HASH,
      text: 'replying: the database migration went fine',
      parentHash: ROOT_HASH,
      author: { fid: 194, username: 'rish' },
    });
    expect(neynar.requests.at(-1)!.url).toBe(`/v2/farcaster/cast/?identifier=${REPLY_HASH}&type=hash`);
  });

  it('an unknown fid or hash, answered 400 as the spec says, is "not found", not an error', async () => {
    expect(await provider().getUser(7)).toBeNull();
    expect(await provider().getRecentCasts(7, 10)).toEqual([]);
    expect(await provider().getCast(`0x${'c'.repeat(40)}`)).toBeNull();
    // And 404, which other lookups use.
    neynar.failNext(neynar.routes.cast, 404, { message: 'Cast not found' }, { offSpec: true });
    expect(await provider().getCast(`0x${'d'.repeat(40)}`)).toBeNull();
  });

  it('finds the account that holds or verified an address through /v2/farcaster/user/bulk-by-address/', async () => {
    const verifiedAddress = `0x${'e'.repeat(40)}` as const;
    neynar.addUser({ fid: 3, username: 'dwr', verified: [verifiedAddress] });
    const accounts = neynarAccountsByAddress({ apiKey: STAND_IN_API_KEY, baseUrl: neynar.url });
    expect(await accounts.accountFor(RISH.custody as `0x${string}`)).toEqual({ fid: 194, username: 'rish' });
    expect(await accounts.accountFor(verifiedAddress)).toEqual({ fid: 3, username: 'dwr' });
    expect(neynar.requests.at(-1)!.url).toBe(
      `/v2/farcaster/user/bulk-by-address/?addresses=${verifiedAddress}&address_types=custody_address%2Cverified_address`,
    );
    // The spec's 404: no account holds or verified it.
    expect(await accounts.accountFor(`0x${'f'.repeat(40)}`)).toBeNull();
  });

  it('builds a persona from Neynar data', async () => {
    const persona = await loadPersona(provider(), 194);
    expect(persona!.characteristics).toHaveLength(8);
    expect(persona!.profile.replyShare).toBe(0.5);
  });

  it('fails loudly on errors instead of pretending the user does not exist', async () => {
    neynar.failNext(neynar.routes.bulkUsers, 500, { message: 'boom' }, { offSpec: true });
    await expect(provider().getUser(194)).rejects.toThrow(
      new NeynarError('Neynar /v2/farcaster/user/bulk/ answered HTTP 500: boom'),
    );
    await expect(provider('wrong-key').getUser(194)).rejects.toThrow(
      'Neynar /v2/farcaster/user/bulk/ answered HTTP 401',
    );
  });
});
