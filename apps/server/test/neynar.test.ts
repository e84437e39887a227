import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neynarFarcasterData } from '../src/providers/neynar-farcaster-data.ts';
import { NeynarError } from '../src/providers/neynar-http.ts';
import { loadPersona } from '../src/twin/persona.ts';
import { sendJson, startFakeHttp } from './fake-http.ts';

/** Trimmed from Neynar's documented v2 responses (user/bulk, feed/user/casts). */
const USER = {
  object: 'user',
  fid: 194,
  username: 'rish',
  display_name: 'rish',
  pfp_url: 'https://example.com/rish.png',
  custody_address: '0x4ae49f0aa762efebebff4bac4ea0847eb6af4ec9',
  profile: { bio: { text: 'building neynar' } },
  follower_count: 10,
};
const CASTS = [
  {
    object: 'cast',
    hash: '0xaaa',
    text: 'shipped a new api endpoint today!',
    parent_hash: null,
    timestamp: '2026-11-20T10:00:00.000Z',
    author: { fid: 194 },
  },
  {
    object: 'cast',
    hash: '0xbbb',
    text: 'replying: the database migration went fine',
    parent_hash: '0x123',
    timestamp: '2026-11-19T10:00:00.000Z',
    author: { fid: 194 },
  },
];

describe('Neynar Farcaster data (production provider)', () => {
  let neynar: Awaited<ReturnType<typeof startFakeHttp>>;
  beforeAll(async () => {
    neynar = await startFakeHttp((request, response) => {
      const url = new URL(request.url, 'http://localhost');
      const json = (status: number, body: unknown) => sendJson(response, status, body);
      if (request.headers['x-api-key'] !== 'neynar-key') return json(401, { message: 'Unauthorized' });
      if (url.pathname === '/v2/farcaster/user/bulk') {
        const fids = (url.searchParams.get('fids') ?? '').split(',').map(Number);
        if (fids.includes(500)) return json(500, { message: 'boom' });
        return json(200, { users: fids.includes(194) ? [USER] : [] });
      }
      if (url.pathname === '/v2/farcaster/feed/user/casts') {
        const fid = Number(url.searchParams.get('fid'));
        if (fid !== 194) return json(404, { message: 'User not found' });
        return json(200, { casts: CASTS.slice(0, Number(url.searchParams.get('limit'))), next: { cursor: null } });
      }
      return json(404, { message: 'not found' });
    });
  });
  afterAll(() => neynar.close());

  const provider = (apiKey = 'neynar-key') => neynarFarcasterData({ apiKey, baseUrl: neynar.url });

  it('reads a user from /v2/farcaster/user/bulk with the API key', async () => {
    expect(await provider().getUser(194)).toEqual({
      fid: 194,
      username: 'rish',
      displayName: 'rish',
      pfpUrl: 'https://example.com/rish.png',
      bio: 'building neynar',
      custodyAddress: '0x4ae49f0aa762efebebff4bac4ea0847eb6af4ec9',
    });
    expect(neynar.requests.at(-1)!.url).toBe('/v2/farcaster/user/bulk?fids=194');
    expect(await provider().getUser(7)).toBeNull();
  });

  it('reads recent casts from /v2/farcaster/feed/user/casts, capped at 150 per call', async () => {
    const casts = await provider().getRecentCasts(194, 500);
    expect(neynar.requests.at(-1)!.url).toBe('/v2/farcaster/feed/user/casts?fid=194&limit=150&include_replies=true');
    expect(casts).toEqual([
      {
        hash: '0xaaa',
        text: 'shipped a new api endpoint today!',
        parentHash: null,
        createdAt: new Date('2026-11-20T10:00:00.000Z'),
      },
      {
        hash: '0xbbb',
        text: 'replying: the database migration went fine',
        parentHash: '0x123',
        createdAt: new Date('2026-11-19T10:00:00.000Z'),
      },
    ]);
    expect(await provider().getRecentCasts(7, 10)).toEqual([]);
  });

  it('builds a persona from Neynar data', async () => {
    const persona = await loadPersona(provider(), 194);
    expect(persona!.characteristics).toHaveLength(8);
    expect(persona!.profile.replyShare).toBe(0.5);
  });

  it('fails loudly on errors instead of pretending the user does not exist', async () => {
    await expect(provider().getUser(500)).rejects.toThrow(NeynarError);
    await expect(provider('wrong-key').getUser(194)).rejects.toThrow(
      'Neynar /v2/farcaster/user/bulk answered HTTP 401',
    );
  });
});
