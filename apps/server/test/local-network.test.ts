import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { usdcAbi } from '@fartwin/contracts';
import { bootstrapLocalChain, createLocalClients, type Deployment } from '@fartwin/contracts/deployment';
import { localUserAccount, SAMPLE_USER_FIDS } from '@fartwin/localstack';
import { SAMPLE_USERS } from '@fartwin/localstack/sample-users';
import {
  agentsByFidResponseSchema,
  CHARACTERISTIC_COUNT,
  type FeedCast,
  type LocalProfile,
  type LocalUser,
} from '@fartwin/protocol';
import { sql } from 'kysely';
import { parseEther, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAvatarSvg } from '../src/social/avatar.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { startTestServer, type TestServer } from './harness.ts';

describe('the local social network', () => {
  let server: TestServer;
  const dataDir = mkdtempSync(join(tmpdir(), 'fartwin-local-network-'));
  const deploymentFile = join(dataDir, 'deployment.json');

  beforeAll(async () => {
    // The chain is bootstrapped further down, so the first tests see a server without contracts.
    server = await startTestServer({ DEPLOYMENT_FILE: deploymentFile });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const request = (path: string, init?: RequestInit) => server.app.request(path, init);
  const post = (path: string, body: unknown) =>
    request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const refusesNaming = async (path: string, body: unknown, field: string) => {
    const response = await post(path, body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { code: string; error: string };
    expect(answer.code).toBe('invalid_request');
    expect(answer.error).toContain(field);
  };
  const feed = async (query = '') => {
    const response = await request(`/local-network/feed${query}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { casts: FeedCast[] }).casts;
  };

  it('is seeded once with the sample users and their casts', async () => {
    expect(await seedLocalNetwork(server.db, server.config.publicUrl)).toBe(SAMPLE_USER_FIDS.length);
    expect(await seedLocalNetwork(server.db, server.config.publicUrl)).toBe(0);
    const casts = await server.db
      .selectFrom('social_casts')
      .select(['fid', (eb) => eb.fn.countAll<string>().as('count')])
      .groupBy('fid')
      .execute();
    expect(casts).toHaveLength(SAMPLE_USER_FIDS.length);
    for (const row of casts) expect(Number(row.count)).toBeGreaterThanOrEqual(30);
  });

  it("gives sample accounts seeded before scores existed the seed's score, and leaves a changed one alone", async () => {
    const scoreOf = async (fid: number) =>
      (await server.db.selectFrom('social_accounts').select('score').where('fid', '=', fid).executeTakeFirstOrThrow())
        .score;
    const newcomer = SAMPLE_USERS.find((user) => user.score < 0.5)!;
    const [other] = SAMPLE_USERS.filter((user) => user !== newcomer);
    // As a network seeded before scores holds them: the column's default.
    await server.db.updateTable('social_accounts').set({ score: 0.7 }).where('fid', '=', newcomer.fid).execute();
    await server.db.updateTable('social_accounts').set({ score: 0.5 }).where('fid', '=', other!.fid).execute();
    expect(await seedLocalNetwork(server.db, server.config.publicUrl)).toBe(0);
    expect(await scoreOf(newcomer.fid)).toBe(newcomer.score);
    expect(await scoreOf(other!.fid)).toBe(0.5);
    await server.db.updateTable('social_accounts').set({ score: other!.score }).where('fid', '=', other!.fid).execute();
  });

  it('lists the users with custody addresses derived from the dev mnemonic', async () => {
    const response = await request('/local-network/users');
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const { users } = (await response.json()) as { users: { fid: number; custodyAddress: string; pfpUrl: string }[] };
    expect(users.map((user) => user.fid)).toEqual(SAMPLE_USER_FIDS);
    for (const user of users) {
      expect(user.custodyAddress).toBe(localUserAccount(user.fid).address);
      expect(user.pfpUrl).toBe(`${server.config.publicUrl}/local-network/avatars/${user.fid}.svg`);
    }
  });

  it('shows one profile with its bio, and refuses unknown or malformed fids', async () => {
    const response = await request('/local-network/users/1001');
    expect(response.status).toBe(200);
    const { user } = (await response.json()) as { user: LocalProfile };
    expect(user).toMatchObject({ fid: 1001, username: 'lowcaps-dev', custodyAddress: localUserAccount(1001).address });
    expect(user.bio).toMatch(/solidity/);
    expect(await (await request('/local-network/users/999999')).json()).toEqual({
      code: 'unknown_fid',
      error: 'No local account with fid 999999',
    });
    expect((await request('/local-network/users/0')).status).toBe(400);
  });

  it('draws avatars and refuses unknown or malformed fids', async () => {
    const avatar = await request('/local-network/avatars/1001.svg');
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    // Opened on its own, the SVG may run nothing.
    expect(avatar.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox$/);
    expect(avatar.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await avatar.text()).toMatch(/^<svg /);
    expect((await request('/local-network/avatars/999999.svg')).status).toBe(404);
    const malformed = await request('/local-network/avatars/abc.svg');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ code: 'invalid_fid', error: 'fid must be a positive integer' });
  });

  it.each([
    ['Maren Holt (twin)', 'MH'],
    ['beans \u{1FAD8} (twin)', 'B'],
    ['Mo (new here)', 'M'],
    ['\u{1F916}', '?'],
    ['élodie', 'É'],
  ])('draws the avatar of %s with the initials %s', (name, initials) => {
    expect(renderAvatarSvg(name, '#000')).toContain(`>${initials}</text>`);
  });

  it('refuses new users until the chain is bootstrapped, since their wallet could not be funded', async () => {
    const response = await post('/local-network/users', {});
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 'chain_not_ready' });
  });

  describe('POST /local-network/users', () => {
    let deployment: Deployment;
    beforeAll(async () => {
      deployment = await bootstrapLocalChain({ rpcUrl: server.anvil.rpcUrl, deploymentFile });
    });

    const createUser = async (body: unknown) => {
      const response = await post('/local-network/users', body);
      expect(response.status).toBe(201);
      return ((await response.json()) as { user: LocalUser }).user;
    };

    it('creates a user with a generated name, a custody key from the dev mnemonic, an avatar and casts', async () => {
      const user = await createUser({});
      expect(user.fid).toBeGreaterThanOrEqual(500_000);
      expect(user.username).toMatch(/^[a-z]+-[a-z]+$/);
      expect(user.displayName).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(user.custodyAddress).toBe(localUserAccount(user.fid).address);
      expect(user.pfpUrl).toBe(`${server.config.publicUrl}/local-network/avatars/${user.fid}.svg`);
      expect((await request(`/local-network/avatars/${user.fid}.svg`)).status).toBe(200);

      const { users } = (await (await request('/local-network/users')).json()) as { users: LocalUser[] };
      expect(users.at(-1)).toEqual(user);
      const casts = await feed(`?fid=${user.fid}`);
      expect(casts.length).toBeGreaterThanOrEqual(3);
      expect(casts.every((cast) => cast.author.fid === user.fid)).toBe(true);
    });

    it("funds the new user's wallet with ETH and USDC on the local chain", async () => {
      const user = await createUser({});
      const { publicClient } = createLocalClients(server.anvil.rpcUrl);
      expect(await publicClient.getBalance({ address: user.custodyAddress })).toBe(parseEther('100'));
      const usdc = await publicClient.readContract({
        address: deployment.usdc,
        abi: usdcAbi,
        functionName: 'balanceOf',
        args: [user.custodyAddress],
      });
      expect(usdc).toBe(parseUnits('10000', 6));
    });

    it('gives every new user their own fid and username', async () => {
      const [first, second] = await Promise.all([createUser({}), createUser({})]);
      expect(first!.fid).not.toBe(second!.fid);
      expect(first!.username).not.toBe(second!.username);
    });

    it('takes a chosen username and display name, and refuses a username that is taken', async () => {
      const user = await createUser({ username: 'new-person', displayName: '  New Person ' });
      expect(user).toMatchObject({ username: 'new-person', displayName: 'New Person' });
      const again = await post('/local-network/users', { username: 'new-person' });
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ code: 'username_taken', error: 'The username new-person is taken' });
    });

    it.each([
      [{ username: 'Not Valid!' }, 'username'],
      [{ username: '-leading' }, 'username'],
      [{ username: 'seventeen-letters' }, 'username'],
      [{ displayName: '' }, 'displayName'],
      [{ displayName: 'x'.repeat(33) }, 'displayName'],
    ])('refuses %j with 400 naming the field', (body, field) => refusesNaming('/local-network/users', body, field));

    it('refuses a body that is not JSON', async () => {
      const response = await post('/local-network/users', 'not json');
      expect(await response.json()).toMatchObject({ code: 'invalid_json' });
    });

    it("a user without casts still gets their twin's eight questions", async () => {
      const user = await createUser({ starterCasts: false });
      expect(await feed(`?fid=${user.fid}`)).toEqual([]);
      const response = await request(`/doppelganger/agents/${user.fid}`);
      expect(response.status).toBe(200);
      const body = agentsByFidResponseSchema.parse(await response.json());
      expect(body.agents).toEqual([]);
      expect(body.characteristics).toHaveLength(CHARACTERISTIC_COUNT);
    });
  });

  describe('POST /local-network/casts and GET /local-network/feed', () => {
    const welcome = 'https://farcaster.xyz/lowcaps-dev/0x0000000000000000000000000000000000000001';

    const cast = async (body: unknown) => {
      const response = await post('/local-network/casts', body);
      expect(response.status).toBe(201);
      return ((await response.json()) as { hash: string }).hash;
    };

    it('publishes as the user and shows the cast first in the feed, with its author and embeds', async () => {
      const hash = await cast({ fid: 1002, text: 'welcome to farcaster!', embeds: [welcome] });
      expect(hash).toMatch(/^0x[0-9a-f]{40}$/);
      const [newest] = await feed('?limit=1');
      expect(newest).toMatchObject({
        hash,
        text: 'welcome to farcaster!',
        embeds: [welcome],
        parentHash: null,
        author: { fid: 1002, username: expect.any(String), pfpUrl: expect.stringContaining('/avatars/1002.svg') },
      });
      expect(Date.now() - Date.parse(newest!.createdAt)).toBeLessThan(60_000);
      const found = await request(`/local-network/casts/${hash}`);
      expect(((await found.json()) as { cast: FeedCast }).cast).toEqual(newest);
    });

    it('lists newest first, the later of two casts of the same moment first, within the limit', async () => {
      const first = await cast({ fid: 1003, text: 'same words' });
      const second = await cast({ fid: 1003, text: 'same words' });
      expect(second).not.toBe(first);
      // Casts published in one instant (a burst of deploys) still come out in a stable order.
      await sql`update social_casts set created_at = now() where hash in (${first}, ${second})`.execute(server.db);
      const casts = await feed('?limit=25');
      expect(casts).toHaveLength(25);
      expect(casts.slice(0, 2).map((item) => item.hash)).toEqual([second, first]);
      const times = casts.map((item) => Date.parse(item.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(await feed('?fid=1003&limit=2')).toEqual(casts.slice(0, 2));
    });

    it('publishes a reply to a cast that exists, and refuses one to a cast that does not', async () => {
      const [parent] = await feed('?limit=1');
      await cast({ fid: 1004, text: 'agreed', parentHash: parent!.hash });
      const [reply] = await feed('?limit=1');
      expect(reply).toMatchObject({ text: 'agreed', parentHash: parent!.hash });
      const orphan = await post('/local-network/casts', {
        fid: 1004,
        text: 'hm',
        parentHash: `0x${'ab'.repeat(20)}`,
      });
      expect(orphan.status).toBe(404);
      expect(await orphan.json()).toMatchObject({ code: 'unknown_cast' });
    });

    it('refuses to cast as an fid the network does not know', async () => {
      const response = await post('/local-network/casts', { fid: 4242, text: 'hello' });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ code: 'unknown_fid', error: 'No local account with fid 4242' });
    });

    it.each([
      [{ text: 'no fid' }, 'fid'],
      [{ fid: 1001, text: '   ' }, 'text'],
      [{ fid: 1001, text: 'x'.repeat(1025) }, 'text'],
      [{ fid: 1001, text: 'three', embeds: [welcome, welcome, welcome] }, 'embeds'],
      [{ fid: 1001, text: 'not a url', embeds: ['welcome cast'] }, 'embeds'],
      [{ fid: 1001, text: 'bad parent', parentHash: '0x12' }, 'parentHash'],
    ])('refuses %j with 400 naming the field', (body, field) => refusesNaming('/local-network/casts', body, field));

    it('accepts a cast of embeds only', async () => {
      await cast({ fid: 1005, text: '', embeds: [welcome] });
    });

    it.each(['?limit=0', '?limit=101', '?limit=ten', '?fid=-1'])('refuses the feed query %s', async (query) => {
      const response = await request(`/local-network/feed${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_request' });
    });

    it('answers 404 for an unknown cast and 400 for a malformed hash', async () => {
      const unknown = await request(`/local-network/casts/0x${'cd'.repeat(20)}`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ code: 'unknown_cast' });
      expect((await request('/local-network/casts/nope')).status).toBe(400);
    });
  });
});
