import {
  AGENT_ACTION_DEFAULTS,
  type AgentActions,
  agentActionsResponseSchema,
  apiPaths,
  errorBodySchema,
} from '@fartwin/protocol';
import { Hono } from 'hono';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDomain } from '../src/auth/app-domain.ts';
import { agentActionsRoutes } from '../src/owner-controls/index.ts';
import { knownClockSeconds, recordLifeIndexClock } from '../src/platform/chain/life-index-state.ts';
import { handleError } from '../src/platform/http/errors.ts';
import {
  DIRECT_MESSAGES_UNAVAILABLE_NOTE,
  unavailableDirectMessages,
} from '../src/platform/providers/direct-messages.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { agentActionsFor, agentActionsOf } from '../src/twin-switches/index.ts';
import { nextSlotAfter } from '../src/twin-switches/schedule.ts';
import type { TwinRecord } from '../src/twins/repository.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { tokenFor } from './quick-auth-client.ts';
import { createTwin, twinAgentId } from './twins.ts';

const DAY = 24 * 60 * 60;
const owners = { alice: 1001, bob: 1002, carol: 1003 } as const;

describe("a twin's actions (/info): saved per twin, changed only by its owner", () => {
  let server: TestServer;
  let domain: string;
  const twins: Record<keyof typeof owners, TwinRecord> = {} as never;
  const tokens = new Map<number, string>();
  const request = (path: string, init?: RequestInit) => server.app.request(path, init);
  const token = async (fid: number) => {
    if (!tokens.has(fid)) tokens.set(fid, await tokenFor(request, fid, domain));
    return tokens.get(fid)!;
  };

  const read = async (agentId: string) => {
    const response = await request(apiPaths.agentActions(agentId));
    expect(response.status).toBe(200);
    return agentActionsResponseSchema.parse(await response.json());
  };
  /** PATCHes a raw body (a string is sent as is), signed in as `fid` unless `fid` is null. */
  const patch = async (agentId: string, body: unknown, fid: number | null) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (fid !== null) headers.authorization = `Bearer ${await token(fid)}`;
    return request(apiPaths.agentActions(agentId), {
      method: 'PATCH',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  };
  const expectError = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status);
    const error = errorBodySchema.parse(await response.json());
    expect(error.code).toBe(code);
    return error;
  };
  /** The schedules' rows (what the tick reads) of a stream: twin, start, and the next slot after it. */
  const schedulesOf = async (stream: 'post' | 'digest') =>
    (
      await server.db
        .selectFrom('twin_schedules')
        .innerJoin('agents', 'agents.agent_id', 'twin_schedules.agent_id')
        .select(['twin_schedules.agent_id', 'agents.owner_fid', 'after', 'next_slot_at'])
        .where('stream', '=', stream)
        .orderBy('twin_schedules.agent_id')
        .execute()
    ).map((row) => ({ agentId: row.agent_id, ownerFid: row.owner_fid, since: row.after, next: row.next_slot_at }));
  const storedRow = (agentId: string) =>
    server.db.selectFrom('agent_actions').selectAll().where('agent_id', '=', agentId).executeTakeFirst();

  beforeAll(async () => {
    server = await startTestServer();
    domain = appDomain(server.config.publicUrl);
    await seedLocalNetwork(server.db, server.config.publicUrl);
    for (const name of Object.keys(owners) as (keyof typeof owners)[]) {
      twins[name] = await createTwin(server.db, owners[name]);
    }
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('a new twin has the default switches, readable by anyone, without a row', async () => {
    const body = await read(twins.carol.agentId);
    expect(body).toEqual({
      agentId: twins.carol.agentId,
      actions: { replyOnFarcaster: true, replyToDirectMessages: true, contentWriter: false, notifications: false },
      directMessagesAvailable: true,
    });
    expect(await storedRow(twins.carol.agentId)).toBeUndefined();
    expect(await agentActionsOf(server.db, twins.carol.agentId)).toEqual(AGENT_ACTION_DEFAULTS);
  });

  it('the owner changes one switch: the answer and a later read (a reload) show it, the others stay', async () => {
    const response = await patch(twins.alice.agentId, { replyOnFarcaster: false }, owners.alice);
    expect(response.status).toBe(200);
    const expected: AgentActions = { ...AGENT_ACTION_DEFAULTS, replyOnFarcaster: false };
    expect(agentActionsResponseSchema.parse(await response.json()).actions).toEqual(expected);
    expect((await read(twins.alice.agentId)).actions).toEqual(expected);
    expect(await agentActionsOf(server.db, twins.alice.agentId)).toEqual(expected);
    // Another twin is untouched.
    expect((await read(twins.bob.agentId)).actions).toEqual(AGENT_ACTION_DEFAULTS);

    const back = await patch(
      twins.alice.agentId,
      { replyOnFarcaster: true, replyToDirectMessages: false },
      owners.alice,
    );
    expect(agentActionsResponseSchema.parse(await back.json()).actions).toEqual({
      ...AGENT_ACTION_DEFAULTS,
      replyToDirectMessages: false,
    });
    expect((await read(twins.alice.agentId)).actions.replyToDirectMessages).toBe(false);
  });

  it('two changes at once to different switches both stay', async () => {
    const [first, second] = await Promise.all([
      patch(twins.bob.agentId, { replyOnFarcaster: false }, owners.bob),
      patch(twins.bob.agentId, { replyToDirectMessages: false }, owners.bob),
    ]);
    expect([first!.status, second!.status]).toEqual([200, 200]);
    expect((await read(twins.bob.agentId)).actions).toMatchObject({
      replyOnFarcaster: false,
      replyToDirectMessages: false,
    });
    await patch(twins.bob.agentId, { replyOnFarcaster: true, replyToDirectMessages: true }, owners.bob);
  });

  it("another person's token is refused with 403 and nothing changes", async () => {
    const before = await read(twins.bob.agentId);
    const rowBefore = await storedRow(twins.bob.agentId);
    const error = await expectError(
      await patch(twins.bob.agentId, { contentWriter: true }, owners.alice),
      403,
      'forbidden',
    );
    expect(error.error).toMatch(/owner/);
    expect(await read(twins.bob.agentId)).toEqual(before);
    expect(await storedRow(twins.bob.agentId)).toEqual(rowBefore);
  });

  it('no token or a bad token is 401 and nothing changes', async () => {
    const before = await read(twins.carol.agentId);
    await expectError(await patch(twins.carol.agentId, { contentWriter: true }, null), 401, 'unauthorized');
    await expectError(
      await request(apiPaths.agentActions(twins.carol.agentId), {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: 'Bearer not-a-jwt' },
        body: JSON.stringify({ contentWriter: true }),
      }),
      401,
      'unauthorized',
    );
    expect(await read(twins.carol.agentId)).toEqual(before);
    expect(await storedRow(twins.carol.agentId)).toBeUndefined();
  });

  it('an unknown twin is 404 unknown_agent, to read or to change', async () => {
    await expectError(await request(apiPaths.agentActions(twinAgentId('nobody'))), 404, 'unknown_agent');
    await expectError(await patch(twinAgentId('nobody'), { contentWriter: true }, owners.alice), 404, 'unknown_agent');
    expect(await storedRow(twinAgentId('nobody'))).toBeUndefined();
  });

  it.each([
    ['an unknown key', { contentWriter: true, sleepAllDay: true }, 'invalid_request'],
    ['a non-boolean', { contentWriter: 'yes' }, 'invalid_request'],
    ['a number for a switch', { notifications: 1 }, 'invalid_request'],
    ['an empty object', {}, 'invalid_request'],
    ['an array', [true], 'invalid_request'],
    ['null', 'null', 'invalid_request'],
    ['a body that is not JSON', '{contentWriter: true', 'invalid_json'],
  ])('a malformed body (%s) is 400 and nothing changes', async (_name, body, code) => {
    const before = await read(twins.carol.agentId);
    await expectError(await patch(twins.carol.agentId, body, owners.carol), 400, code);
    expect(await read(twins.carol.agentId)).toEqual(before);
    expect(await storedRow(twins.carol.agentId)).toBeUndefined();
  });

  it('reads many twins at once, with defaults for those never changed', async () => {
    const actions = await agentActionsFor(server.db, [twins.alice.agentId, twins.carol.agentId, twinAgentId('nobody')]);
    expect([...actions.keys()]).toEqual([twins.alice.agentId, twins.carol.agentId, twinAgentId('nobody')]);
    expect(actions.get(twins.alice.agentId)?.replyToDirectMessages).toBe(false);
    expect(actions.get(twins.carol.agentId)).toEqual(AGENT_ACTION_DEFAULTS);
    expect(actions.get(twinAgentId('nobody'))).toEqual(AGENT_ACTION_DEFAULTS);
    expect((await agentActionsFor(server.db, [])).size).toBe(0);
  });

  it("a schedule turned on starts at the schedules' clock, keeps it while on, and forgets it when off", async () => {
    const agentId = twins.alice.agentId;
    const since = async () => {
      const row = await storedRow(agentId);
      return { contentWriter: row?.content_writer_since ?? null, notifications: row?.notifications_since ?? null };
    };
    // The chain's clock runs ahead of the wall clock (the dev host's "Advance 1 day").
    const clockAhead = Math.floor(Date.now() / 1000) + 3 * DAY;
    await recordLifeIndexClock(server.db, clockAhead);

    expect(await since()).toEqual({ contentWriter: null, notifications: null });
    await patch(agentId, { contentWriter: true }, owners.alice);
    const turnedOn = (await since()).contentWriter;
    expect(turnedOn).not.toBeNull();
    expect(turnedOn).toBeGreaterThanOrEqual(clockAhead);
    expect(turnedOn).toBeLessThanOrEqual(await knownClockSeconds(server.db));
    expect((await since()).notifications).toBeNull();
    expect(await schedulesOf('post')).toEqual([
      { agentId, ownerFid: owners.alice, since: turnedOn, next: nextSlotAfter(agentId, 'post', turnedOn!) },
    ]);
    expect(await schedulesOf('digest')).toEqual([]);

    // Later on the clock: saving "on" again, or another switch, keeps the start.
    await recordLifeIndexClock(server.db, clockAhead + DAY);
    await patch(agentId, { contentWriter: true }, owners.alice);
    await patch(agentId, { replyOnFarcaster: false }, owners.alice);
    expect((await since()).contentWriter).toBe(turnedOn);

    // Notifications on now starts a day later than the posts did.
    await patch(agentId, { notifications: true }, owners.alice);
    expect((await since()).notifications).toBeGreaterThanOrEqual(clockAhead + DAY);
    expect((await schedulesOf('digest')).map((twin) => twin.agentId)).toEqual([agentId]);
    expect((await schedulesOf('post')).map((twin) => twin.since)).toEqual([turnedOn]);

    // Off forgets; on again starts afresh.
    await patch(agentId, { contentWriter: false }, owners.alice);
    expect((await since()).contentWriter).toBeNull();
    expect(await schedulesOf('post')).toEqual([]);
    await patch(agentId, { contentWriter: true }, owners.alice);
    expect((await since()).contentWriter).toBeGreaterThanOrEqual(clockAhead + DAY);
    expect((await schedulesOf('post')).map((twin) => twin.since)).toEqual([(await since()).contentWriter]);
  });

  it('says when this server cannot answer direct messages, with the reason', async () => {
    // The routes as production mounts them (services.directMessages is unavailable there).
    const app = new Hono();
    app.onError(handleError(pino({ level: 'silent' })));
    app.route(
      '/',
      agentActionsRoutes({
        db: server.db,
        tokens: server.services.tokens,
        directMessages: unavailableDirectMessages(),
        rateLimits: server.rateLimits,
      }),
    );
    const response = await app.request(apiPaths.agentActions(twins.carol.agentId));
    expect(agentActionsResponseSchema.parse(await response.json())).toEqual({
      agentId: twins.carol.agentId,
      actions: AGENT_ACTION_DEFAULTS,
      directMessagesAvailable: false,
      directMessagesNote: DIRECT_MESSAGES_UNAVAILABLE_NOTE,
    });
    // The switch is still saved (it takes effect where direct messages work).
    const saved = await app.request(apiPaths.agentActions(twins.carol.agentId), {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await token(owners.carol)}` },
      body: JSON.stringify({ replyToDirectMessages: false }),
    });
    expect(saved.status).toBe(200);
    expect((await read(twins.carol.agentId)).actions.replyToDirectMessages).toBe(false);
  });
});
