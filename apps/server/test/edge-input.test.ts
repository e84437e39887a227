import { createHmac } from 'node:crypto';
import { apiPaths, errorBodySchema, walletSignInPaths } from '@fartwin/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDomain } from '../src/auth/app-domain.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { appKey, CLIENT_FID } from './app-key.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { tokenFor } from './quick-auth-client.ts';
import { createTwin } from './twins.ts';

const NEYNAR_WEBHOOK_SECRET = 'edge-input-neynar-secret';

/** What an outsider sends never reaches Postgres unchecked: a clear 400, nothing stored, no 500. */
describe('input checked at the edge', () => {
  let server: TestServer;
  let bearer: Record<string, string>;
  let agentId: string;
  beforeAll(async () => {
    server = await startTestServer({ NEYNAR_WEBHOOK_SECRET });
    await seedLocalNetwork(server.db, server.config.publicUrl);
    agentId = (await createTwin(server.db, 1001)).agentId;
    const token = await tokenFor(
      (path, init) => server.app.request(path, init),
      1001,
      appDomain(server.config.publicUrl),
    );
    bearer = { authorization: `Bearer ${token}` };
  });
  afterAll(() => server?.close());

  const expectError = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status);
    const body = errorBodySchema.parse(await response.json());
    expect(body.code).toBe(code);
    return body.error;
  };
  const json = (body: unknown, headers: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

  it('answers 400 invalid_agent_id for an agentId in a path that is not a twin id, a NUL included', async () => {
    const malformed = ['x\u0000', 'not-a-twin', agentId.toUpperCase(), `${agentId}\u0000`, 'é'.repeat(36)];
    for (const id of malformed) {
      const error = await expectError(
        await server.app.request(apiPaths.chat(id), json({ conversation: 'hi', fid: 1001 }, bearer)),
        400,
        'invalid_agent_id',
      );
      expect(error).toBe('agentId must be a twin id (a lowercase UUID)');
      await expectError(
        await server.app.request(apiPaths.conversation(id), { headers: bearer }),
        400,
        'invalid_agent_id',
      );
      await expectError(await server.app.request(apiPaths.agentActions(id)), 400, 'invalid_agent_id');
      await expectError(
        await server.app.request(apiPaths.agentActions(id), {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', ...bearer },
          body: JSON.stringify({ contentWriter: true }),
        }),
        400,
        'invalid_agent_id',
      );
      await expectError(
        await server.app.request(`/images/agents/${encodeURIComponent(id)}.png`),
        400,
        'invalid_agent_id',
      );
    }
    // The twin's own id still works.
    expect((await server.app.request(apiPaths.agentActions(agentId))).status).toBe(200);
    expect(await server.db.selectFrom('chat_turns').selectAll().execute()).toEqual([]);
  });

  it('answers 400 for a NUL in a query string', async () => {
    await expectError(await server.app.request(`${apiPaths.agents}?cursor=%00`), 400, 'invalid_request');
  });

  it('answers 400 invalid_text for a NUL or an unpaired surrogate in any body, and stores nothing', async () => {
    const casts = async () => (await server.db.selectFrom('social_casts').select('hash').execute()).length;
    const castsBefore = await casts();
    const error = await expectError(
      await server.app.request('/local-network/casts', json({ fid: 1002, text: 'gm\u0000' })),
      400,
      'invalid_text',
    );
    expect(error).toBe('Invalid request body: text contains a NUL character (U+0000)');
    await expectError(
      await server.app.request('/local-network/casts', json({ fid: 1002, text: 'gm \uD83D' })),
      400,
      'invalid_text',
    );
    expect(await casts()).toBe(castsBefore);

    await expectError(
      await server.app.request('/local-network/direct-messages', json({ fromFid: 1002, toFid: 1001, text: 'a\u0000' })),
      400,
      'invalid_text',
    );
    expect(await server.db.selectFrom('local_direct_messages').selectAll().execute()).toEqual([]);

    await expectError(
      await server.app.request(
        walletSignInPaths.signIn,
        json({ message: 'x\u0000', signature: `0x${'1'.repeat(130)}` }),
      ),
      400,
      'invalid_text',
    );
    // A key of an object is text too (a jsonb key).
    await expectError(
      await server.app.request(apiPaths.chat(agentId), json({ conversation: 'hi', fid: 1001, 'k\u0000': 1 }, bearer)),
      400,
      'invalid_text',
    );
    expect(await server.db.selectFrom('chat_turns').selectAll().execute()).toEqual([]);
  });

  it('answers 400 invalid_text for a signed client event whose token holds a NUL, storing no token', async () => {
    const alice = appKey(1001);
    const registered = await server.app.request(
      '/local-network/app-keys',
      json({ fid: 1001, appFid: CLIENT_FID, publicKey: alice.publicKey }),
    );
    expect(registered.status).toBe(200);
    const event = alice.sign({
      event: 'notifications_enabled',
      notificationDetails: { url: 'http://localhost:3000/notifications', token: 'tok\u0000en' },
    });
    const error = await expectError(await server.app.request('/webhook', json(event)), 400, 'invalid_text');
    expect(error).toBe('Invalid webhook event: notificationDetails.token contains a NUL character (U+0000)');
    expect(await server.db.selectFrom('notification_tokens').selectAll().execute()).toEqual([]);
  });

  it('takes a signed Neynar cast.created whose text holds a NUL with 200 (Neynar retries any other answer), records it once and enqueues nothing', async () => {
    const body = JSON.stringify({
      created_at: Math.floor(Date.now() / 1000),
      type: 'cast.created',
      data: {
        hash: `0x${'ab'.repeat(20)}`,
        text: 'gm @lowcaps-dev-twin\u0000',
        author: { fid: 1002, username: 'gmbeans' },
        mentioned_profiles: [{ fid: 901_001, username: 'lowcaps-dev-twin' }],
      },
    });
    // Signed as Neynar documents it: HMAC-SHA512 of the raw body, hex.
    const signature = createHmac('sha512', NEYNAR_WEBHOOK_SECRET).update(body).digest('hex');
    const deliver = () =>
      server.app.request('/webhook/neynar', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-neynar-signature': signature },
        body,
      });
    for (let delivery = 0; delivery < 2; delivery++) {
      const response = await deliver();
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ accepted: 0, ignored: 'invalid_text' });
    }
    const recorded = await server.db
      .selectFrom('rejected_inputs')
      .select(['reason', 'excerpt'])
      .where('source', '=', 'neynar-delivery')
      .execute();
    expect(recorded).toEqual([
      {
        reason: 'cast.created data.text contains a NUL character (U+0000)',
        excerpt: JSON.stringify('gm @lowcaps-dev-twin\u0000'),
      },
    ]);
    expect(await server.db.selectFrom('neynar_deliveries').selectAll().execute()).toEqual([]);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from pgboss.job where name = 'twin-write'`.execute(server.db);
    expect(rows[0]!.n).toBe(0);
  });
});
