import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import type { TwinRecord } from '../src/twins/repository.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createTwin } from './twins.ts';

const PATH = '/webhook/neynar';
/** Two webhooks, each with its own secret (NEYNAR_WEBHOOK_SECRET=a,b). */
const SECRETS = ['first-webhook-secret', 'second-webhook-secret'] as const;

/**
 * As Neynar documents it (docs.neynar.com, "verify the incoming webhooks using signatures"): the
 * hex HMAC-SHA512 of the raw body under the webhook's secret, in `X-Neynar-Signature`. Written here
 * on its own, not with the server's code, so a wrong algorithm there cannot pass.
 */
const sign = (secret: string, body: string) => createHmac('sha512', secret).update(body, 'utf8').digest('hex');

describe("Neynar's cast.created webhook (POST /webhook/neynar)", () => {
  let server: TestServer;
  let twin: TwinRecord;
  let hashes = 0;

  beforeAll(async () => {
    server = await startTestServer({ NEYNAR_WEBHOOK_SECRET: SECRETS.join(',') });
    await seedLocalNetwork(server.db, server.config.publicUrl);
    twin = await createTwin(server.db, 1002);
  }, 120_000);
  afterAll(() => server?.close());

  /** A delivery that tags the twin, `ageSeconds` after the cast was made. */
  const delivery = (ageSeconds = 0) => {
    const hash = `0x${(++hashes).toString(16).padStart(40, '0')}`;
    const body = JSON.stringify({
      created_at: Math.floor(Date.now() / 1000) - ageSeconds,
      type: 'cast.created',
      data: {
        object: 'cast',
        hash,
        thread_hash: hash,
        parent_hash: null,
        parent_author: { fid: null },
        author: { fid: 1004, username: 'dan' },
        text: `@${twin.twin.username} hi from the real network`,
        mentioned_profiles: [{ fid: twin.twin.fid, username: twin.twin.username }],
      },
    });
    return { hash, body };
  };
  const post = (body: string, headers: Record<string, string> = {}) =>
    server.app.request(PATH, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const signed = (body: string, secret: string = SECRETS[0]) =>
    post(body, { 'X-Neynar-Signature': sign(secret, body) });
  const jobsFor = async (hash: string) => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
      where name = 'twin-write' and data->'cast'->>'hash' = ${hash}`.execute(server.db);
    return rows[0]!.n;
  };

  it('takes a delivery signed with any of the webhooks’ secrets, once', async () => {
    const first = delivery();
    const accepted = await signed(first.body);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ accepted: 1 });
    expect(await jobsFor(first.hash)).toBe(1);

    const second = delivery();
    const viaSecondWebhook = await signed(second.body, SECRETS[1]);
    expect(viaSecondWebhook.status).toBe(200);
    expect(await viaSecondWebhook.json()).toEqual({ accepted: 1 });
    expect(await jobsFor(second.hash)).toBe(1);
  });

  it('refuses unsigned, forged and tampered deliveries with 401, and enqueues nothing', async () => {
    const { hash, body } = delivery();
    const refusals = [
      await post(body),
      await post(body, { 'X-Neynar-Signature': sign('not-our-secret', body) }),
      await post(body.replace('hi from', 'bye from'), { 'X-Neynar-Signature': sign(SECRETS[0], body) }),
      await post(body, { 'X-Neynar-Signature': 'not hex at all' }),
      // The signature of the body, but SHA-256: not what Neynar sends.
      await post(body, { 'X-Neynar-Signature': createHmac('sha256', SECRETS[0]).update(body).digest('hex') }),
    ];
    expect(refusals.map((response) => response.status)).toEqual([401, 401, 401, 401, 401]);
    expect(await refusals[0]!.json()).toMatchObject({ code: 'unsigned_delivery' });
    expect(await refusals[1]!.json()).toMatchObject({ code: 'invalid_signature' });
    // The same delivery, correctly signed, still goes through: the refusals took nothing.
    expect(await (await signed(body)).json()).toEqual({ accepted: 1 });
    expect(await jobsFor(hash)).toBe(1);
  });

  it('answers a duplicate delivery 200 and does nothing (Neynar retries anything else)', async () => {
    const { hash, body } = delivery();
    expect((await signed(body)).status).toBe(200);
    const again = await signed(body);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ accepted: 0, ignored: 'duplicate' });
    expect(await jobsFor(hash)).toBe(1);
  });

  it('answers a late delivery 200 and does nothing: an old cast is not answered', async () => {
    const late = delivery(11 * 60);
    const response = await signed(late.body);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ accepted: 0, ignored: 'late' });
    // A fresh one after it is taken: the late one was dropped, not missed for want of a worker.
    const fresh = delivery();
    expect(await (await signed(fresh.body)).json()).toEqual({ accepted: 1 });
    expect(await jobsFor(fresh.hash)).toBe(1);
    expect(await jobsFor(late.hash)).toBe(0);
  });

  it('no secret, no route: without NEYNAR_WEBHOOK_SECRET the path is 404', async () => {
    const without = await startTestServer();
    try {
      const { body } = delivery();
      const response = await without.app.request(PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Neynar-Signature': sign(SECRETS[0], body) },
        body,
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
    } finally {
      await without.close();
    }
  }, 120_000);
});
