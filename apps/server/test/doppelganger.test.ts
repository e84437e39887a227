import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrapLocalChain, type Deployment } from '@fartwin/contracts/deployment';
import { type ChatEngine, measureStyle, normalizeForComparison, styleDistance } from '@fartwin/echo';
import { SAMPLE_USERS } from '@fartwin/localstack/sample-users';
import {
  agentsByFidResponseSchema,
  agentsResponseSchema,
  apiPaths,
  chatResponseSchema,
  chatStreamDeltaSchema,
  chatStreamDoneSchema,
  conversationHistorySchema,
  deployResponseSchema,
  errorBodySchema,
} from '@fartwin/protocol';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDomain } from '../src/auth/app-domain.ts';
import { LocalQuickAuth } from '../src/auth/local-quick-auth.ts';
import { localFarcasterData } from '../src/social/local-farcaster-data.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { echoEngine } from '../src/twin-mind/engines/ai-sdk-engine.ts';
import { loadPersona } from '../src/twin-mind/persona.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { tokenFor } from './quick-auth-client.ts';
import { advanceChainTime, createTwin, feedTwin, twinAgentId } from './twins.ts';

const DAY = 24 * 60 * 60;

/** Counts engine calls: a refused chat must never reach the engine. */
function engineSpy(inner: ChatEngine) {
  const spy = {
    calls: 0,
    engine: {
      name: inner.name,
      reply: (input) => {
        spy.calls++;
        return inner.reply(input);
      },
    } satisfies ChatEngine,
  };
  return spy;
}

/** Parses an SSE body into its events. */
function parseSse(text: string): { event: string; data: string }[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim().length > 0)
    .map((block) => {
      const lines = block.split('\n');
      const event =
        lines
          .find((line) => line.startsWith('event:'))
          ?.slice(6)
          .trim() ?? 'message';
      const data = lines
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      return { event, data };
    });
}

describe('the /doppelganger API', () => {
  let server: TestServer;
  let deployment: Deployment;
  let dataDir: string;
  let domain: string;
  const spy = engineSpy(echoEngine());
  const tokens = new Map<number, string>();
  const request = (path: string, init?: RequestInit) => server.app.request(path, init);
  const token = async (fid: number) => {
    if (!tokens.has(fid)) tokens.set(fid, await tokenFor(request, fid, domain));
    return tokens.get(fid)!;
  };
  const chat = async (
    agentId: string,
    body: unknown,
    options: { token?: string | null; accept?: string | undefined } = {},
  ) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.accept) headers.accept = options.accept;
    return request(apiPaths.chat(agentId), { method: 'POST', headers, body: JSON.stringify(body) });
  };
  /** `fid` chats with a twin, signed in as themselves. */
  const chatAs = async (agentId: string, fid: number, conversation: unknown, accept?: string) =>
    chat(agentId, { conversation, fid }, { token: await token(fid), accept });
  const history = async (agentId: string, fid: number) => {
    const response = await request(apiPaths.conversation(agentId), {
      headers: { authorization: `Bearer ${await token(fid)}` },
    });
    return conversationHistorySchema.parse(await response.json()).turns;
  };
  const storedTurns = async () =>
    Number(
      (
        await server.db
          .selectFrom('chat_turns')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirst()
      )?.n,
    );

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fartwin-doppelganger-'));
    const deploymentFile = join(dataDir, 'deployment.json');
    server = await startTestServer({ DEPLOYMENT_FILE: deploymentFile }, { chatEngine: spy.engine });
    domain = appDomain(server.config.publicUrl);
    await seedLocalNetwork(server.db, server.config.publicUrl);
    deployment = await bootstrapLocalChain({ rpcUrl: server.anvil.rpcUrl, deploymentFile });
    // 1001, 1002 and 1005 have living twins; 1003's twin was never fed (dead); 1004 has none.
    for (const fid of [1001, 1002, 1005, 1003]) await createTwin(server.db, fid);
    for (const fid of [1001, 1002, 1005]) {
      const username = SAMPLE_USERS.find((user) => user.fid === fid)!.username;
      await feedTwin(server.anvil.rpcUrl, deployment, twinAgentId(username));
    }
    // Lives on request paths come from the index: let it read the feeding, as the life watch's tick would.
    await server.syncLives();
  }, 180_000);
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('GET /doppelganger/agents/:fid', () => {
    it("returns a user's twin with its life from the chain's index", async () => {
      const response = await request(apiPaths.agentsByFid(1001));
      expect(response.status).toBe(200);
      const body = agentsByFidResponseSchema.parse(await response.json());
      expect(body.characteristics).toBeUndefined();
      expect(body.agents).toHaveLength(1);
      const [twin] = body.agents;
      expect(twin).toMatchObject({
        agentId: twinAgentId('lowcaps-dev'),
        status: 'active',
        farcasterClient: { fid: 901_001, username: 'lowcaps-dev-twin' },
        token: { symbol: 'TWIN' },
      });
      const now = Math.floor(Date.now() / 1000);
      expect(twin!.life.expirationTime).toBeGreaterThan(now + 6 * DAY);
      expect(twin!.life.expirationTime).toBeLessThanOrEqual(now + 7 * DAY + 60);
    });

    it('returns the eight questions, personalised from their casts, to a user without a twin', async () => {
      const body = agentsByFidResponseSchema.parse(await (await request(apiPaths.agentsByFid(1004))).json());
      expect(body.agents).toEqual([]);
      expect(body.characteristics).toHaveLength(8);
      for (const question of body.characteristics!) {
        expect(question.description.length).toBeGreaterThan(20);
        expect(question.options).toHaveLength(2);
        expect(question.options[0]!.value).not.toBe(question.options[1]!.value);
      }
      const values = body.characteristics!.flatMap((question) => question.options.map((option) => option.value));
      expect(values).toContain('Introvert');
      expect(values).toContain('Extrovert');
    });

    it('gives two users visibly different questions', async () => {
      // Both have twins already, so read the questions they were asked from the persona directly.
      const persona = async (fid: number) => (await loadPersona(localFarcasterData(server.db), fid))!.characteristics;
      const [dev, researcher] = [await persona(1001), await persona(1005)];
      const differing = dev.filter((question, index) => question.description !== researcher[index]!.description);
      expect(differing.length).toBeGreaterThanOrEqual(6);
      expect(dev.find((question) => question.name === 'Length')!.description).toMatch(/average 53 characters/);
      expect(researcher.find((question) => question.name === 'Length')!.description).toMatch(/average 181 characters/);
    });

    it('answers an unknown user with 404 and a malformed fid with 400', async () => {
      const unknown = await request(apiPaths.agentsByFid(4242));
      expect(unknown.status).toBe(404);
      expect(errorBodySchema.parse(await unknown.json())).toEqual({
        code: 'unknown_user',
        error: 'No Farcaster user with fid 4242',
      });
      const malformed = await request('/doppelganger/agents/abc');
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toEqual({ code: 'invalid_fid', error: 'fid must be a positive integer' });
    });
  });

  describe('GET /doppelganger/agents (directory)', () => {
    it('lists every twin newest first, in disjoint keyset pages', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
        const page = agentsResponseSchema.parse(await (await request(`${apiPaths.agents}${query}`)).json());
        expect(page.agents.length).toBeLessThanOrEqual(2);
        seen.push(...page.agents.map((twin) => twin.agentId));
        cursor = page.nextCursor;
      } while (cursor);
      // Inserted 1001, 1002, 1005, 1003: newest first.
      expect(seen).toEqual([
        twinAgentId('slow-quorum'),
        twinAgentId('dr-witness'),
        twinAgentId('gmbeans'),
        twinAgentId('lowcaps-dev'),
      ]);
    });

    it('uses the default page size and reports a never-fed twin with expirationTime 0', async () => {
      const page = agentsResponseSchema.parse(await (await request(apiPaths.agents)).json());
      expect(page.nextCursor).toBeNull();
      expect(page.agents).toHaveLength(4);
      expect(page.agents.find((twin) => twin.agentId === twinAgentId('slow-quorum'))!.life.expirationTime).toBe(0);
    });

    it('serves pages and users with ETags: a CDN may keep a page 5 s, every client revalidates', async () => {
      const page = await request(apiPaths.agents);
      expect(page.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5');
      const pageTag = page.headers.get('etag');
      expect(pageTag).toMatch(/^"/);
      const samePage = await request(apiPaths.agents, { headers: { 'if-none-match': pageTag! } });
      expect(samePage.status).toBe(304);
      expect(await samePage.text()).toBe('');
      // Another page is another representation.
      const otherTag = (await request(`${apiPaths.agents}?limit=2`)).headers.get('etag');
      expect(otherTag).not.toBe(pageTag);

      const mine = await request(apiPaths.agentsByFid(1001));
      expect(mine.headers.get('cache-control')).toBe('public, no-cache');
      const mineAgain = await request(apiPaths.agentsByFid(1001), {
        headers: { 'if-none-match': mine.headers.get('etag')! },
      });
      expect(mineAgain.status).toBe(304);
    });

    it('narrows to one twin by agentId: that twin, or none', async () => {
      const one = agentsResponseSchema.parse(
        await (await request(`${apiPaths.agents}?agentId=${twinAgentId('gmbeans')}`)).json(),
      );
      expect(one.agents.map((twin) => twin.agentId)).toEqual([twinAgentId('gmbeans')]);
      expect(one.agents[0]!.farcasterClient.username).toBe('gmbeans-twin');
      expect(one.nextCursor).toBeNull();
      const none = await request(`${apiPaths.agents}?agentId=00000000-0000-4000-8000-000000000000`);
      expect(none.status).toBe(200);
      expect(agentsResponseSchema.parse(await none.json())).toEqual({ agents: [], nextCursor: null });
      const malformed = await request(`${apiPaths.agents}?agentId=not-a-twin`);
      expect(malformed.status).toBe(400);
      expect(errorBodySchema.parse(await malformed.json()).error).toMatch(/agentId/);
    });

    it('refuses a forged cursor and an out-of-range limit', async () => {
      const forged = await request(`${apiPaths.agents}?cursor=bm9wZQ`);
      expect(forged.status).toBe(400);
      expect(errorBodySchema.parse(await forged.json()).code).toBe('invalid_cursor');
      const tooMany = await request(`${apiPaths.agents}?limit=1000`);
      expect(tooMany.status).toBe(400);
      expect(errorBodySchema.parse(await tooMany.json()).code).toBe('invalid_request');
    });
  });

  describe('POST /doppelganger/chat-with-fartwin/:agentId', () => {
    it('answers the main screen (text body) with JSON from the echo engine and stores the turns', async () => {
      const calls = spy.calls;
      const response = await chatAs(twinAgentId('lowcaps-dev'), 1001, 'what are you building?');
      expect(response.status).toBe(200);
      const body = chatResponseSchema.parse(await response.json());
      expect(body.engine).toBe('echo');
      expect(body.message.length).toBeGreaterThan(10);
      expect(spy.calls).toBe(calls + 1);
      expect(await history(twinAgentId('lowcaps-dev'), 1001)).toEqual([
        { role: 'user', content: 'what are you building?' },
        // The engine is kept, so a reloaded conversation still labels offline replies.
        { role: 'assistant', content: body.message, engine: 'echo' },
      ]);
    });

    it('answers the /agent page (conversation list) and keeps one history per person', async () => {
      const conversation = [
        { role: 'user', content: 'hey' },
        { role: 'assistant', content: 'hi' },
        { role: 'user', content: 'how is the escrow going?' },
      ];
      const response = await chatAs(twinAgentId('lowcaps-dev'), 1002, conversation);
      expect(response.status).toBe(200);
      chatResponseSchema.parse(await response.json());
      const turns = await history(twinAgentId('lowcaps-dev'), 1002);
      expect(turns.map((turn) => turn.content)[0]).toBe('how is the escrow going?');
      expect(turns).toHaveLength(2);
      expect(await history(twinAgentId('lowcaps-dev'), 1001)).toHaveLength(2);
    });

    it('streams the reply as SSE: delta events, then done with the whole reply', async () => {
      const response = await chatAs(twinAgentId('gmbeans'), 1002, 'gm, coffee or charts first?', 'text/event-stream');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
      const events = parseSse(await response.text());
      const deltas = events
        .filter((event) => event.event === 'delta')
        .map((event) => chatStreamDeltaSchema.parse(JSON.parse(event.data)));
      expect(deltas.length).toBeGreaterThan(1);
      const done = events.at(-1)!;
      expect(done.event).toBe('done');
      const final = chatStreamDoneSchema.parse(JSON.parse(done.data));
      expect(final).toEqual({ message: deltas.join(''), engine: 'echo' });
      expect((await history(twinAgentId('gmbeans'), 1002)).at(-1)).toEqual({
        role: 'assistant',
        content: final.message,
        engine: 'echo',
      });
    });

    it('refuses without reaching the engine or losing stored turns: missing, forged, expired, other user, bad body, unknown twin', async () => {
      const calls = spy.calls;
      const turnsBefore = await storedTurns();
      const body = { conversation: 'hello?', fid: 1001 };
      const quickAuth = new LocalQuickAuth({
        db: server.db,
        farcaster: localFarcasterData(server.db),
        origin: server.config.publicUrl,
        domain,
        keySeed: server.config.walletEncryptionKey,
      });
      const { privateKey } = await generateKeyPair('EdDSA');
      const forged = await new SignJWT({ sub: 1001 as unknown as string })
        .setProtectedHeader({ alg: 'EdDSA' })
        .setIssuer(server.config.publicUrl)
        .setAudience(domain)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey);

      const expectError = async (response: Response, status: number, code: string) => {
        expect(response.status).toBe(status);
        const error = errorBodySchema.parse(await response.json());
        expect(error.code).toBe(code);
        expect(JSON.stringify(error)).not.toMatch(/at .*\.ts/);
      };
      await expectError(await chat(twinAgentId('lowcaps-dev'), body), 401, 'unauthorized');
      await expectError(await chat(twinAgentId('lowcaps-dev'), body, { token: 'not-a-jwt' }), 401, 'unauthorized');
      await expectError(await chat(twinAgentId('lowcaps-dev'), body, { token: forged }), 401, 'unauthorized');
      await expectError(
        await chat(twinAgentId('lowcaps-dev'), body, { token: await quickAuth.issueToken(1001, -60) }),
        401,
        'unauthorized',
      );
      await expectError(await chat(twinAgentId('lowcaps-dev'), body, { token: await token(1002) }), 403, 'forbidden');
      await expectError(await chatAs(twinAgentId('lowcaps-dev'), 1001, ''), 400, 'invalid_request');
      await expectError(
        await chatAs(twinAgentId('lowcaps-dev'), 1001, [{ role: 'assistant', content: 'hi' }]),
        400,
        'invalid_request',
      );
      await expectError(
        await request(apiPaths.chat(twinAgentId('lowcaps-dev')), {
          method: 'POST',
          headers: { authorization: `Bearer ${await token(1001)}` },
          body: '{not json',
        }),
        400,
        'invalid_json',
      );
      await expectError(await chatAs(twinAgentId('no-such'), 1001, body.conversation), 404, 'unknown_agent');
      await expectError(await chatAs('no-such-twin', 1001, body.conversation), 400, 'invalid_agent_id');
      expect(spy.calls).toBe(calls);
      expect(await storedTurns()).toBe(turnsBefore);
    });

    it('answers for a twin that was never fed with "Agent is dead." and no engine', async () => {
      const calls = spy.calls;
      const response = await chatAs(twinAgentId('slow-quorum'), 1003, 'you there?');
      expect(response.status).toBe(200);
      const body = chatResponseSchema.parse(await response.json());
      expect(body.engine).toBe('none');
      expect(body.message).toContain('Agent is dead.');
      expect(spy.calls).toBe(calls);
      const streamed = await chatAs(twinAgentId('slow-quorum'), 1003, 'still there?', 'text/event-stream');
      const done = parseSse(await streamed.text()).at(-1)!;
      expect(chatStreamDoneSchema.parse(JSON.parse(done.data)).message).toContain('Agent is dead.');
      expect(spy.calls).toBe(calls);
      expect(await history(twinAgentId('slow-quorum'), 1003)).toHaveLength(4);
    });
  });

  describe('GET /doppelganger/chat-with-fartwin/:agentId/history', () => {
    it('needs a token and a known twin', async () => {
      const anonymous = await request(apiPaths.conversation(twinAgentId('lowcaps-dev')));
      expect(anonymous.status).toBe(401);
      expect(errorBodySchema.parse(await anonymous.json()).code).toBe('unauthorized');
      const unknown = await request(apiPaths.conversation(twinAgentId('nobody')), {
        headers: { authorization: `Bearer ${await token(1001)}` },
      });
      expect(unknown.status).toBe(404);
      expect(await history(twinAgentId('gmbeans'), 1005)).toEqual([]);
    });
  });

  describe('POST /doppelganger/deploy/:fid', () => {
    const deploy = async (fid: number, body: unknown, bearer?: string) =>
      request(apiPaths.deploy(fid), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
        body: JSON.stringify(body),
      });
    const questions = async (fid: number) =>
      agentsByFidResponseSchema.parse(await (await request(apiPaths.agentsByFid(fid))).json()).characteristics!;

    it('needs the user’s own token', async () => {
      const choices = (await questions(1004)).map((question) => question.options[0]!.value);
      expect((await deploy(1004, { choices })).status).toBe(401);
      const other = await deploy(1004, { choices }, await token(1001));
      expect(other.status).toBe(403);
      expect(errorBodySchema.parse(await other.json()).code).toBe('forbidden');
    });

    it('tells a user who has a twin that there is nothing to deploy', async () => {
      const choices = (await questions(1004)).map((question) => question.options[0]!.value);
      const response = await deploy(1001, { choices }, await token(1001));
      expect(response.status).toBe(200);
      expect(deployResponseSchema.parse(await response.json())).toEqual({
        action: 'NONE',
        text: 'You already have a Fartwin. Chat with it on the main screen.',
      });
    });

    it('names what is wrong with the choices', async () => {
      const bearer = await token(1004);
      const choices = (await questions(1004)).map((question) => question.options[1]!.value);
      const tooFew = await deploy(1004, { choices: choices.slice(0, 5) }, bearer);
      expect(tooFew.status).toBe(400);
      expect(await tooFew.json()).toEqual({
        code: 'invalid_choices',
        error: 'Expected 8 choices, one per characteristic question, got 5.',
      });
      const wrong = [...choices];
      wrong[2] = 'Grumpy';
      const invalid = await deploy(1004, { choices: wrong }, bearer);
      expect(invalid.status).toBe(400);
      expect(errorBodySchema.parse(await invalid.json()).error).toBe(
        'Choice 3 ("Grumpy") is not an option of "Outlook": choose one of Optimist, Skeptic.',
      );
      const malformed = await deploy(1004, { choices: 'Introvert' }, bearer);
      expect(malformed.status).toBe(400);
      expect(errorBodySchema.parse(await malformed.json()).code).toBe('invalid_request');
    });
  });

  describe('the echo engine through the API', () => {
    const messages = [
      'what are you working on this week?',
      'how do you feel about gas fees?',
      'what did you have for lunch?',
      'any advice for someone starting out?',
      'gm! what is on your mind?',
    ];
    const twins = {
      1001: twinAgentId('lowcaps-dev'),
      1002: twinAgentId('gmbeans'),
      1005: twinAgentId('dr-witness'),
    } as const;
    const repliesOf = async (fid: 1001 | 1002 | 1005) => {
      const replies: string[] = [];
      for (const conversation of messages) {
        const response = await chatAs(twins[fid], fid, conversation);
        replies.push(chatResponseSchema.parse(await response.json()).message);
      }
      return replies;
    };
    const castsOf = (fid: number) => SAMPLE_USERS.find((user) => user.fid === fid)!.casts;

    it("writes each twin's replies closer to its own user's style than to another user's", async () => {
      const replies = { 1001: await repliesOf(1001), 1002: await repliesOf(1002), 1005: await repliesOf(1005) };
      expect(replies[1001]).not.toEqual(replies[1002]);
      for (const [own, other] of [
        [1001, 1002],
        [1002, 1001],
        [1002, 1005],
        [1005, 1002],
        [1001, 1005],
        [1005, 1001],
      ] as const) {
        const replyStyle = measureStyle(replies[own]);
        const toOwn = styleDistance(replyStyle, measureStyle(castsOf(own)));
        const toOther = styleDistance(replyStyle, measureStyle(castsOf(other)));
        expect(toOwn, `twin of ${own} vs casts of ${other}`).toBeLessThan(toOther);
      }
      // Same message, visibly different voices: emoji for beans, none for the dev; capitals only for the researcher.
      expect(replies[1002].every((reply) => /\p{Extended_Pictographic}/u.test(reply))).toBe(true);
      expect(replies[1001].some((reply) => /\p{Extended_Pictographic}/u.test(reply))).toBe(false);
      expect(replies[1001].every((reply) => reply === reply.toLowerCase())).toBe(true);
      expect(replies[1005].every((reply) => /^\p{Lu}/u.test(reply))).toBe(true);
    });

    it('answers in the user’s own words, and never says the same thing twice to one person', async () => {
      for (const fid of [1001, 1002, 1005] as const) {
        const sentences = new Set(
          castsOf(fid)
            .flatMap((cast) => cast.split(/(?<=[.!?])\s+/))
            .map(normalizeForComparison)
            .filter((sentence) => sentence.split(' ').length >= 3),
        );
        // One person's messages, one after another: one conversation.
        const replies = (await repliesOf(fid)).map(normalizeForComparison);
        expect(new Set(replies).size, replies.join(' | ')).toBe(replies.length);
        // Most of them say a whole sentence the user cast (a greeting may be all its own).
        const theirs = replies.filter((reply) => [...sentences].some((sentence) => reply.includes(sentence)));
        expect(theirs.length, replies.join(' | ')).toBeGreaterThanOrEqual(replies.length - 2);
      }
    });
  });

  // Last: moving the chain clock forward kills every twin on this chain.
  describe('when the battery runs out on the chain', () => {
    it('a fed twin answers "Agent is dead." after 8 days, without calling the engine, and keeps its history', async () => {
      const turnsBefore = (await history(twinAgentId('dr-witness'), 1005)).length;
      await advanceChainTime(server.anvil.rpcUrl, 8 * DAY);
      await server.syncLives();
      const calls = spy.calls;
      const response = await chatAs(twinAgentId('dr-witness'), 1005, 'are you alive?');
      expect(chatResponseSchema.parse(await response.json())).toEqual({
        message: expect.stringContaining('Agent is dead.'),
        engine: 'none',
      });
      expect(spy.calls).toBe(calls);
      expect(await history(twinAgentId('dr-witness'), 1005)).toHaveLength(turnsBefore + 2);
    });
  });
});
