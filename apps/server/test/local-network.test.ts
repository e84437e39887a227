import { localUserAccount, SAMPLE_USER_FIDS } from '@fartwin/localstack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { startTestServer, type TestServer } from './harness.ts';

describe('the local social network', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

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

  it('lists the users with custody addresses derived from the dev mnemonic', async () => {
    const response = await server.app.request('/local-network/users');
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const { users } = (await response.json()) as { users: { fid: number; custodyAddress: string; pfpUrl: string }[] };
    expect(users.map((user) => user.fid)).toEqual(SAMPLE_USER_FIDS);
    for (const user of users) {
      expect(user.custodyAddress).toBe(localUserAccount(user.fid).address);
      expect(user.pfpUrl).toBe(`${server.config.publicUrl}/local-network/avatars/${user.fid}.svg`);
    }
  });

  it('draws avatars and refuses unknown or malformed fids', async () => {
    const avatar = await server.app.request('/local-network/avatars/1001.svg');
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    expect(await avatar.text()).toMatch(/^<svg /);
    expect((await server.app.request('/local-network/avatars/999999.svg')).status).toBe(404);
    const malformed = await server.app.request('/local-network/avatars/abc.svg');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ code: 'invalid_fid', error: 'Avatar fid must be a positive integer' });
  });
});
