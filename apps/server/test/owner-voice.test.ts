import { systemPrompt, writeEchoReply } from '@fartwin/echo';
import {
  castLearningResponseSchema,
  errorBodySchema,
  type OwnerVoice,
  ownerVoicePaths,
  ownerVoiceResponseSchema,
  VOICE_LIMITS,
  voiceVersionsResponseSchema,
} from '@fartwin/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDomain } from '../src/auth/app-domain.ts';
import { changeOwnerVoice, learnFromCasts, readOwnerVoice } from '../src/owner-controls/voice/index.ts';
import { VOICE_VERSIONS_KEPT } from '../src/owner-controls/voice/voice-service.ts';
import { createDb, type Db } from '../src/platform/db/database.ts';
import { RATE_LIMITS } from '../src/platform/limits/rate-limits.ts';
import { neynarFarcasterData } from '../src/platform/providers/neynar-farcaster-data.ts';
import { localFarcasterData } from '../src/social/local-farcaster-data.ts';
import { publishLocalCast, seedLocalNetwork } from '../src/social/local-network.ts';
import { newestCasts, recalledFor } from '../src/twin-mind/cast-memory-store.ts';
import { cachedTwinCharacter } from '../src/twins/character-cache.ts';
import type { TwinRecord } from '../src/twins/repository.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { STAND_IN_API_KEY, specCast, startNeynarStandIn } from './neynar-stand-in.ts';
import { tokenFor } from './quick-auth-client.ts';
import { createTwin } from './twins.ts';

const owners = { alice: 1001, bob: 1002 } as const;

describe("a twin's voice: edited by its owner only, versioned, and heard in the next reply", () => {
  let server: TestServer;
  let domain: string;
  /** A second pool: another replica's character cache (kept per Db). */
  let otherReplica: Db;
  let alice: TwinRecord;
  let bob: TwinRecord;
  const tokens = new Map<number, string>();
  const request = (path: string, init?: RequestInit) => server.app.request(path, init);
  const token = async (fid: number) => {
    if (!tokens.has(fid)) tokens.set(fid, await tokenFor(request, fid, domain));
    return tokens.get(fid)!;
  };
  const call = async (path: string, fid: number | null, init: { method?: string; body?: unknown } = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (fid !== null) headers.authorization = `Bearer ${await token(fid)}`;
    return request(path, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  };
  const expectError = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status);
    expect(errorBodySchema.parse(await response.json()).code).toBe(code);
  };
  const readVoice = async () => {
    const response = await call(ownerVoicePaths.voice(alice.agentId), owners.alice);
    expect(response.status).toBe(200);
    return ownerVoiceResponseSchema.parse(await response.json());
  };
  const putVoice = (voice: unknown) =>
    call(ownerVoicePaths.voice(alice.agentId), owners.alice, { method: 'PUT', body: voice });
  /** The echo engine's reply, from the character as a replica's chat reads it (the cache). */
  /** The echo engine's reply from a replica: its cached character, with what it recalls for the message. */
  const replyOn = async (db: Db, message: string) => {
    const character = (await cachedTwinCharacter(db, alice.agentId))!;
    return writeEchoReply((await recalledFor(db, alice.agentId, character, message)).character, message);
  };

  beforeAll(async () => {
    server = await startTestServer();
    domain = appDomain(server.config.publicUrl);
    await seedLocalNetwork(server.db, server.config.publicUrl);
    alice = await createTwin(server.db, owners.alice);
    bob = await createTwin(server.db, owners.bob);
    otherReplica = createDb(server.config.databaseUrl, { max: 2 });
  }, 180_000);
  afterAll(async () => {
    await otherReplica?.destroy();
    await server?.close();
  });

  it('answers 401 signed out, 403 to another owner, on every voice call; nothing changes', async () => {
    const paths = [
      { path: ownerVoicePaths.voice(alice.agentId) },
      { path: ownerVoicePaths.voice(alice.agentId), method: 'PUT', body: {} },
      { path: ownerVoicePaths.versions(alice.agentId) },
      { path: ownerVoicePaths.revert(alice.agentId), method: 'POST', body: { version: 1 } },
      { path: ownerVoicePaths.learn(alice.agentId), method: 'POST' },
    ];
    for (const { path, ...init } of paths) {
      await expectError(await call(path, null, init), 401, 'unauthorized');
      await expectError(await call(path, owners.bob, init), 403, 'forbidden');
    }
    const versions = await server.db.selectFrom('twin_voice_versions').selectAll().execute();
    expect(versions).toEqual([]);
  });

  it('refuses each field past its limit, and a choice that is no option, with a clear error', async () => {
    const { voice } = await readVoice();
    const tooLong = (chars: number) => 'a'.repeat(chars + 1);
    const bad: Partial<OwnerVoice>[] = [
      { aboutMe: tooLong(VOICE_LIMITS.aboutMeChars) },
      { aboutMe: 'two\nlines' },
      { avoidTopics: [tooLong(VOICE_LIMITS.avoidTopicChars)] },
      { avoidTopics: Array.from({ length: VOICE_LIMITS.avoidTopics + 1 }, (_, index) => `topic ${index}`) },
      { phrases: [tooLong(VOICE_LIMITS.phraseChars)] },
      { phrases: Array.from({ length: VOICE_LIMITS.phrases + 1 }, (_, index) => `phrase ${index}`) },
      { choices: voice.choices.slice(1) },
    ];
    for (const change of bad) await expectError(await putVoice({ ...voice, ...change }), 400, 'invalid_request');
    await expectError(
      await putVoice({ ...voice, choices: ['Loud', ...voice.choices.slice(1)] }),
      400,
      'invalid_choices',
    );
    expect((await readVoice()).voice).toEqual(voice);
  });

  it('a change is heard on the next reply on another replica, is kept as a version with its time, and reverts', async () => {
    const before = await readVoice();
    expect(before.characteristics.map((question) => question.name)).toHaveLength(8);
    // Both replicas have the deploy's character in memory.
    const ramenBefore = await replyOn(server.db, 'what do you think of ramen?');
    expect(ramenBefore.toLowerCase()).toContain('ramen');
    expect(await replyOn(otherReplica, 'what do you think of ramen?')).toBe(ramenBefore);
    const longBefore = await replyOn(otherReplica, 'tell me about testing');
    // Messages that do not name the topic but draw its casts.
    const unasked = ['any food recs?', 'what is good near the office'];
    for (const message of unasked) expect((await replyOn(server.db, message)).toLowerCase()).toContain('ramen');

    const lengthAxis = before.characteristics.findIndex((question) => question.name === 'Length');
    const choices = [...before.voice.choices];
    choices[lengthAxis] = choices[lengthAxis] === 'Verbose' ? 'Concise' : 'Verbose';
    const changed: OwnerVoice = {
      choices,
      aboutMe: 'i write solidity for a living and fix bikes on weekends',
      avoidTopics: ['ramen'],
      phrases: ['fridays are for shipping'],
    };
    const response = await putVoice(changed);
    expect(response.status).toBe(200);
    const saved = ownerVoiceResponseSchema.parse(await response.json());
    expect(saved.voice).toEqual(changed);
    expect(saved.version).toBe(2);

    // The other replica's next reply speaks from the change: the avoided topic declined without a word of it.
    const ramenAfter = await replyOn(otherReplica, 'what do you think of ramen?');
    expect(ramenAfter.toLowerCase()).not.toContain('ramen');
    expect(ramenAfter).not.toBe(ramenBefore);
    // Nor is it brought up unasked: no cast about it is said.
    for (const message of unasked) {
      expect((await replyOn(otherReplica, message)).toLowerCase()).not.toContain('ramen');
    }
    expect(await replyOn(otherReplica, 'who are you?')).toContain(changed.aboutMe);
    // A phrase is said where it speaks to what was asked (a word in common that the answer does not
    // say already), not worked into every reply.
    expect(await replyOn(otherReplica, 'do you ship on fridays?')).toContain('fridays are for shipping');
    expect(await replyOn(otherReplica, 'tell me about testing')).not.toContain('fridays are for shipping');
    expect(await replyOn(otherReplica, 'tell me about testing')).not.toBe(longBefore);
    // The model is told the same.
    const prompt = systemPrompt((await cachedTwinCharacter(otherReplica, alice.agentId))!);
    expect(prompt).toContain(changed.aboutMe);
    // Not the topics to avoid: a model can be talked into repeating its prompt, so the list stays in code.
    expect(prompt.toLowerCase()).not.toContain('ramen');
    expect(prompt).not.toMatch(/never talk about|topics to avoid/i);
    expect(prompt).toContain('- fridays are for shipping');
    expect(prompt).toContain(`Length: ${choices[lengthAxis]}`);

    const versions = voiceVersionsResponseSchema.parse(
      await (await call(ownerVoicePaths.versions(alice.agentId), owners.alice)).json(),
    );
    expect(versions.versions.map((version) => version.version)).toEqual([2, 1]);
    expect(versions.versions[0]!.voice).toEqual(changed);
    expect(versions.versions[1]!.voice).toEqual(before.voice);
    expect(Date.parse(versions.versions[0]!.createdAt)).toBeGreaterThanOrEqual(
      Date.parse(versions.versions[1]!.createdAt),
    );

    const reverted = await call(ownerVoicePaths.revert(alice.agentId), owners.alice, {
      method: 'POST',
      body: { version: 1 },
    });
    expect(reverted.status).toBe(200);
    expect(ownerVoiceResponseSchema.parse(await reverted.json())).toMatchObject({ version: 3, voice: before.voice });
    expect(await replyOn(otherReplica, 'what do you think of ramen?')).toBe(ramenBefore);
    expect(await replyOn(otherReplica, 'tell me about testing')).toBe(longBefore);
    await expectError(
      await call(ownerVoicePaths.revert(alice.agentId), owners.alice, { method: 'POST', body: { version: 99 } }),
      404,
      'unknown_version',
    );
    // Past what Postgres' integer holds: no version, and said so (else the query fails, a 500).
    for (const version of [3_000_000_000, 2 ** 31]) {
      const tooLarge = await call(ownerVoicePaths.revert(alice.agentId), owners.alice, {
        method: 'POST',
        body: { version },
      });
      expect(tooLarge.status).toBe(400);
      expect(await tooLarge.json()).toMatchObject({
        code: 'invalid_request',
        error: expect.stringContaining('version'),
      });
    }
  });

  it('"Refresh from my casts" learns only what is new, and the next reply can talk about it', async () => {
    const question = 'how is the sourdough going?';
    expect((await replyOn(otherReplica, question)).toLowerCase()).not.toContain('sourdough');
    await publishLocalCast(server.db, {
      fid: owners.alice,
      text: 'baked my first sourdough loaf with a 36 hour ferment, the crumb is unreal',
      embeds: [],
      idempotencyKey: 'voice-test-sourdough',
    });
    const learn = () => call(ownerVoicePaths.learn(alice.agentId), owners.alice, { method: 'POST' });
    const first = castLearningResponseSchema.parse(await (await learn()).json());
    expect(first.learned).toBe(1);
    expect((await replyOn(otherReplica, question)).toLowerCase()).toContain('sourdough');
    expect(systemPrompt((await cachedTwinCharacter(otherReplica, alice.agentId))!)).toContain('sourdough loaf');

    const again = castLearningResponseSchema.parse(await (await learn()).json());
    expect(again).toMatchObject({ learned: 0, castsKnown: first.castsKnown });
    expect((await readVoice()).castsKnown).toBe(first.castsKnown);
  });

  it('the daily run learns once per twin and day, however often it runs', async () => {
    // This server's own daily run (its ticker) learns only living twins (agent_lives ahead of the
    // clock): alice's twin has no life indexed here, so the ticker cannot learn this test's cast
    // before the runs below do (it did, now and then, on a loaded machine, when it learned every twin).
    expect(
      await server.db
        .selectFrom('agent_lives')
        .select('agent_id')
        .where('agent_id', '=', alice.agentId)
        .executeTakeFirst(),
    ).toBeUndefined();
    await publishLocalCast(server.db, {
      fid: owners.alice,
      text: 'new bike chain installed, the drivetrain is silent now',
      embeds: [],
      idempotencyKey: 'voice-test-bike',
    });
    const deps = { db: server.db, farcaster: localFarcasterData(server.db) };
    const runs = await Promise.all([1, 2, 3].map(() => learnFromCasts(deps, alice.agentId, 20_000)));
    expect(runs.filter((run) => run !== null).map((run) => run!.learned)).toEqual([1]);
    const days = await server.db.selectFrom('twin_learning_days').selectAll().where('day', '=', 20_000).execute();
    expect(days).toEqual([{ agent_id: alice.agentId, day: 20_000, learned: 1 }]);
  });
  it("in production reads Neynar's feed/user/casts (its spec, the stand-in) and learns only casts newer than the last learned", async () => {
    const neynar = await startNeynarStandIn();
    try {
      const author = neynar.addUser({ fid: owners.alice, username: 'lowcaps-dev' });
      const cast = (hash: string, text: string, at: Date) =>
        neynar.casts.set(hash, specCast({ hash, text, author, timestamp: at.toISOString() }));
      // Older than what the twin has learned already (the local casts above): not added.
      cast('0x01', 'an old cast about kayaking that was never learned', new Date('2020-01-01T00:00:00.000Z'));
      cast('0x02', 'fresh from neynar: started learning the cello', new Date(Date.now() + 60 * 60_000));
      const deps = { db: server.db, farcaster: neynarFarcasterData({ apiKey: STAND_IN_API_KEY, baseUrl: neynar.url }) };
      const learned = await learnFromCasts(deps, alice.agentId);
      expect(learned?.learned).toBe(1);
      expect(neynar.requests.at(-1)!.url).toBe(
        `/v2/farcaster/feed/user/casts/?fid=${owners.alice}&limit=150&include_replies=true`,
      );
      // A row with the cast's own hash, the newest the twin knows; the old cast is not among them.
      const [newest] = await newestCasts(otherReplica, alice.agentId, 1);
      expect(newest).toMatchObject({
        hash: '0x02',
        text: 'fresh from neynar: started learning the cello',
        kind: 'post',
      });
      const kayaking = await server.db
        .selectFrom('twin_memory')
        .select('cast_hash')
        .where('agent_id', '=', alice.agentId)
        .where('text', 'like', '%kayaking%')
        .execute();
      expect(kayaking).toEqual([]);
    } finally {
      await neynar.close();
    }
  });

  it('limits voice changes per owner: 429 with Retry-After once they are spent, nothing saved', async () => {
    const { voice } = await readVoice();
    const versionsBefore = await server.db.selectFrom('twin_voice_versions').select('version').execute();
    const allowed = RATE_LIMITS.voicePerFid.points;
    const answers = [];
    for (let change = 0; change <= allowed; change++)
      answers.push((await putVoice({ ...voice, aboutMe: `take ${change}` })).status);
    // Earlier tests spent some of the window's points: every answer is 200 until one is 429, then 429.
    const firstRefused = answers.indexOf(429);
    expect(firstRefused).toBeGreaterThan(0);
    expect(answers.slice(0, firstRefused).every((status) => status === 200)).toBe(true);
    const refused = await putVoice({ ...voice, aboutMe: 'one too many' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const versionsAfter = await server.db.selectFrom('twin_voice_versions').select('version').execute();
    expect(versionsAfter.length - versionsBefore.length).toBe(firstRefused);
    expect((await readVoice()).voice.aboutMe).toBe(`take ${firstRefused - 1}`);
  });

  it('keeps the newest versions only, trimmed with each save, and saves nothing for the voice the twin already has', async () => {
    const { voice } = await readOwnerVoice(server.db, bob.agentId);
    const saves = VOICE_VERSIONS_KEPT + 3;
    for (let save = 1; save <= saves; save++) {
      await changeOwnerVoice(server.db, bob.agentId, { ...voice, aboutMe: `save ${save}` });
    }
    const versionsOf = async () =>
      (
        await server.db
          .selectFrom('twin_voice_versions')
          .select('version')
          .where('agent_id', '=', bob.agentId)
          .orderBy('version')
          .execute()
      ).map((row) => row.version);
    // The deploy's voice (version 1) and the saves: the newest VOICE_VERSIONS_KEPT remain.
    const newest = saves + 1;
    const kept = Array.from({ length: VOICE_VERSIONS_KEPT }, (_, index) => newest - VOICE_VERSIONS_KEPT + 1 + index);
    expect(await versionsOf()).toEqual(kept);
    const versions = voiceVersionsResponseSchema.parse(
      await (await call(ownerVoicePaths.versions(bob.agentId), owners.bob)).json(),
    );
    expect(versions.versions.map((version) => version.version)).toEqual([...kept].reverse());

    // The same voice again: no version, no change for the replicas' caches to pick up.
    const characterVersion = () =>
      server.db.selectFrom('agents').select('voice_version').where('agent_id', '=', bob.agentId).executeTakeFirst();
    const before = await characterVersion();
    const again = await changeOwnerVoice(server.db, bob.agentId, { ...voice, aboutMe: `save ${saves}` });
    expect(again).toMatchObject({ version: newest, voice: { aboutMe: `save ${saves}` } });
    expect(await versionsOf()).toEqual(kept);
    expect(await characterVersion()).toEqual(before);
  });
});
