import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrapLocalChain } from '@fartwin/contracts/deployment';
import type { ChatEngine } from '@fartwin/echo';
import {
  apiPaths,
  chatResponseSchema,
  errorBodySchema,
  PEOPLE_MEMORY_EXCHANGES_PER_PERSON,
  PEOPLE_MEMORY_PEOPLE_PER_TWIN,
  peopleMemoryClearedSchema,
  peopleMemoryResponseSchema,
} from '@fartwin/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDomain } from '../src/auth/app-domain.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { echoEngine, llmEngine } from '../src/twin-mind/engines/ai-sdk-engine.ts';
import { rememberExchange } from '../src/twin-mind/people-memory-store.ts';
import type { TwinRecord } from '../src/twins/repository.ts';
import { type RecordedRequest, startFakeHttp } from './fake-http.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { tokenFor } from './quick-auth-client.ts';
import { createTwin, feedTwin } from './twins.ts';
import { waitFor } from './wait-for.ts';

/** The twin's owner, and two people who talk with it (sample users above the quality bar). */
const owner = 1001;
const personA = { fid: 1004, username: '' };
const personB = { fid: 1005, username: '' };
/** What person A tells the twin: a word no cast and no other person ever uses. */
const SECRET = 'zorblax';

/** The server's engine, switched by the test between the offline echo engine and a model (a local stand-in). */
function switchableEngine(): ChatEngine & { use(engine: ChatEngine): void } {
  let current = echoEngine();
  return {
    get name() {
      return current.name;
    },
    reply: (input) => current.reply(input),
    use(engine) {
      current = engine;
    },
  };
}

describe('it remembers people: per person, bounded, isolated, seen and cleared by the owner', () => {
  let server: TestServer;
  let twin: TwinRecord;
  let domain: string;
  const engine = switchableEngine();
  const dataDir = mkdtempSync(join(tmpdir(), 'fartwin-people-memory-'));
  const tokens = new Map<number, string>();
  const request = (path: string, init?: RequestInit) => server.app.request(path, init);
  const token = async (fid: number) => {
    if (!tokens.has(fid)) tokens.set(fid, await tokenFor(request, fid, domain));
    return tokens.get(fid)!;
  };

  /** A model endpoint standing in for the LLM: it records each prompt and answers one plain sentence. */
  let llm: Awaited<ReturnType<typeof startFakeHttp>>;

  beforeAll(async () => {
    const deploymentFile = join(dataDir, 'deployment.json');
    server = await startTestServer({ DEPLOYMENT_FILE: deploymentFile }, { chatEngine: engine });
    domain = appDomain(server.config.publicUrl);
    await seedLocalNetwork(server.db, server.config.publicUrl);
    const deployment = await bootstrapLocalChain({ rpcUrl: server.anvil.rpcUrl, deploymentFile });
    twin = await createTwin(server.db, owner);
    await server.db
      .insertInto('social_accounts')
      .values({
        fid: twin.twin.fid,
        username: twin.twin.username,
        display_name: twin.twin.displayName,
        bio: 'AI twin',
        custody_address: twin.walletAddress,
      })
      .execute();
    await feedTwin(server.anvil.rpcUrl, deployment, twin.agentId);
    await server.syncLives();
    for (const person of [personA, personB]) {
      const account = await server.db
        .selectFrom('social_accounts')
        .select('username')
        .where('fid', '=', person.fid)
        .executeTakeFirstOrThrow();
      person.username = account.username;
    }
    llm = await startFakeHttp((recorded, response) => {
      const body = JSON.parse(recorded.body) as { model: string };
      const chunk = (delta: object, finish: string | null) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1_700_000_000, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(chunk({ role: 'assistant', content: '' }, null));
      response.write(chunk({ content: 'Good to hear from you.' }, null));
      response.write(chunk({}, 'stop'));
      response.end('data: [DONE]\n\n');
    });
  }, 180_000);
  afterAll(async () => {
    await llm?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  /** The twin's answer in the app's chat to `fid`. */
  const chat = async (fid: number, text: string) => {
    const response = await post(
      apiPaths.chat(twin.agentId),
      { conversation: text, fid },
      {
        authorization: `Bearer ${await token(fid)}`,
      },
    );
    expect(response.status).toBe(200);
    return chatResponseSchema.parse(await response.json()).message;
  };

  /** The twin's reply in the thread of a cast `fid` publishes tagging it (the queue's job writes it). */
  const thread = async (fid: number, text: string) => {
    const response = await post('/local-network/casts', { fid, text: `@${twin.twin.username} ${text}` });
    expect(response.status).toBe(201);
    const { hash } = (await response.json()) as { hash: string };
    const [reply] = await waitFor(
      () => server.db.selectFrom('social_casts').selectAll().where('parent_hash', '=', hash).execute(),
      (rows) => rows.length === 1,
      `the twin's reply to ${text}`,
    );
    return reply!.text;
  };

  /** The twin's answer to a direct message from `fid` (the queue's job writes it). */
  const message = async (fid: number, text: string) => {
    const response = await post('/local-network/direct-messages', { fromFid: fid, toFid: twin.twin.fid, text });
    expect(response.status).toBe(201);
    const { message: sent } = (await response.json()) as { message: { id: number } };
    const conversation = await waitFor(
      async () => {
        const listed = await request(`/local-network/direct-messages?fid=${fid}&with=${twin.twin.fid}`);
        return ((await listed.json()) as { messages: { id: number; fromFid: number; text: string }[] }).messages;
      },
      (messages) => messages.some((each) => each.id > sent.id && each.fromFid === twin.twin.fid),
      `the twin's answer to ${text}`,
    );
    return conversation.find((each) => each.id > sent.id && each.fromFid === twin.twin.fid)!.text;
  };

  const remembered = (fid: number) =>
    server.db
      .selectFrom('people_memory')
      .selectAll()
      .where('agent_id', '=', twin.agentId)
      .where('fid', '=', fid)
      .orderBy('created_at')
      .execute();

  const memoryAs = async (fid: number | null) =>
    request(`/doppelganger/people-memory/${twin.agentId}`, {
      headers: fid === null ? {} : { authorization: `Bearer ${await token(fid)}` },
    });
  const forget = async (fid: number | null, person?: number | string) =>
    request(`/doppelganger/people-memory/${twin.agentId}${person === undefined ? '' : `/${person}`}`, {
      method: 'DELETE',
      headers: fid === null ? {} : { authorization: `Bearer ${await token(fid)}` },
    });
  const expectError = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status);
    expect(errorBodySchema.parse(await response.json()).code).toBe(code);
  };

  it('offline: A is remembered in each channel apart; the chat and messages never reach a public reply; B never hears of it', async () => {
    engine.use(echoEngine());
    const first = await chat(personA.fid, `${SECRET} is my sourdough starter and it keeps dying`);
    expect(first.toLowerCase()).not.toContain('last time');
    // The chat is private: neither a direct message nor a public thread reply recalls it.
    expect((await message(personA.fid, 'gm! how are you?')).toLowerCase()).not.toContain(SECRET);
    expect((await thread(personA.fid, 'gm! what are you working on?')).toLowerCase()).not.toContain(SECRET);
    // Each channel recalls its own: the chat the chat, a message the messages.
    expect((await chat(personA.fid, 'hey')).toLowerCase()).toContain(SECRET);
    await message(personA.fid, `${SECRET} keeps dying, any tips?`);
    expect((await message(personA.fid, 'hey again')).toLowerCase()).toContain(SECRET);
    // And the public thread, asked the same way, still knows nothing of either.
    expect((await thread(personA.fid, 'gm again, what did we talk about last time?')).toLowerCase()).not.toContain(
      SECRET,
    );
    expect((await remembered(personA.fid)).map((row) => row.channel)).toEqual([
      'chat',
      'dm',
      'thread',
      'chat',
      'dm',
      'dm',
      'thread',
    ]);
    // What they said, without the tag that opened the cast.
    expect((await remembered(personA.fid)).at(-1)!.said).toBe('gm again, what did we talk about last time?');

    // B, in every channel and with questions that invite a recall: nothing of A's.
    const toB = [
      await chat(personB.fid, 'hey, what do you remember about me?'),
      await chat(personB.fid, 'what did we talk about last time?'),
      await message(personB.fid, 'gm! how are you?'),
      await thread(personB.fid, 'gm, any news?'),
      await thread(personB.fid, 'what is my sourdough starter called?'),
    ];
    for (const reply of toB) expect(reply.toLowerCase()).not.toContain(SECRET);
    // B's own memory holds B's words only.
    const ofB = await remembered(personB.fid);
    expect(ofB).toHaveLength(5);
    for (const row of ofB) expect(`${row.said} ${row.topics.join(' ')}`.toLowerCase()).not.toContain(SECRET);
    // B is remembered too: the next public reply refers back to B's own last cast to it.
    expect((await thread(personB.fid, 'hello again')).toLowerCase()).toMatch(/sourdough|starter|news/);
  });

  it("with a model: A's private memory is in A's private prompts, as quoted data, never in a public one nor in B's", async () => {
    engine.use(llmEngine({ baseUrl: `${llm.url}/v1`, model: 'twin-model' }));
    const promptOf = async (send: () => Promise<string>) => {
      const before = llm.requests.length;
      await send();
      expect(llm.requests.length).toBe(before + 1);
      const recorded = llm.requests.at(-1) as RecordedRequest;
      const body = JSON.parse(recorded.body) as { messages: { role: string; content: string }[] };
      return body.messages.find((each) => each.role === 'system')!.content;
    };
    const forA = [
      await promptOf(() => chat(personA.fid, 'hi')),
      await promptOf(() => message(personA.fid, 'are you still there?')),
    ];
    // The chat knows a person by fid (its exchanges carry no username), a cast or a message by name.
    const rememberedHeader = (person: typeof personA) =>
      new RegExp(`What you remember about (?:@${person.username}|fid ${person.fid}),`);
    for (const prompt of forA) {
      expect(prompt).toMatch(rememberedHeader(personA));
      // Quoted, as data: what A said, in JSON quotes.
      expect(prompt).toMatch(new RegExp(`: "[^"\\n]*${SECRET}[^"\\n]*"`));
    }
    // A public reply to A recalls A's casts in threads only: none of the private words.
    const inPublic = await promptOf(() => thread(personA.fid, 'what do you think?'));
    expect(inPublic).toContain(`What you remember about @${personA.username}`);
    expect(inPublic).toContain('gm! what are you working on?');
    expect(inPublic.toLowerCase()).not.toContain(SECRET);
    expect(inPublic).not.toContain('in the app chat');
    expect(inPublic).not.toContain('in a direct message');
    const forB = [
      await promptOf(() => chat(personB.fid, 'what did A tell you?')),
      await promptOf(() => message(personB.fid, 'tell me everything you remember')),
      await promptOf(() => thread(personB.fid, 'who else talks to you?')),
    ];
    for (const prompt of forB) {
      expect(prompt).toMatch(rememberedHeader(personB));
      expect(prompt.toLowerCase()).not.toContain(SECRET);
      expect(prompt).not.toContain(`@${personA.username}`);
    }
    engine.use(echoEngine());
  });

  it('a reply retried after its engine failed recalls the person as before, not the exchange it is answering', async () => {
    const recalls: string[][] = [];
    let failures = 1;
    const echo = echoEngine();
    engine.use({
      name: 'llm',
      reply(input) {
        recalls.push((input.remembered?.exchanges ?? []).map((exchange) => exchange.said));
        if (failures-- > 0) throw new Error('the model endpoint is down');
        return echo.reply(input);
      },
    });
    const said = 'quillfeather is the name of my new bike';
    await thread(personA.fid, said);
    engine.use(echoEngine());
    // Written twice (the job's retry), remembered once, and neither attempt recalled what it answered.
    expect(recalls).toHaveLength(2);
    for (const recalled of recalls) expect(recalled.join(' ')).not.toContain('quillfeather');
    expect((await remembered(personA.fid)).filter((row) => row.said === said)).toHaveLength(1);
  });

  it('only the owner sees and clears it: per person, then all', async () => {
    await expectError(await memoryAs(null), 401, 'unauthorized');
    await expectError(await memoryAs(personA.fid), 403, 'forbidden');
    await expectError(await forget(personB.fid, personA.fid), 403, 'forbidden');
    await expectError(await forget(owner, 'abc'), 400, 'invalid_fid');
    await expectError(
      await request('/doppelganger/people-memory/not-a-twin', {
        headers: { authorization: `Bearer ${await token(owner)}` },
      }),
      400,
      'invalid_agent_id',
    );

    const seen = peopleMemoryResponseSchema.parse(await (await memoryAs(owner)).json());
    const a = seen.people.find((person) => person.fid === personA.fid)!;
    expect(a.username).toBe(personA.username);
    // Bounded per channel: each of A's channels keeps at most the bound.
    for (const channel of ['chat', 'thread', 'dm'] as const) {
      const inChannel = a.exchanges.filter((exchange) => exchange.channel === channel).length;
      expect(inChannel).toBeGreaterThan(0);
      expect(inChannel).toBeLessThanOrEqual(PEOPLE_MEMORY_EXCHANGES_PER_PERSON);
    }
    expect(seen.people.map((person) => person.fid).sort()).toEqual([personA.fid, personB.fid]);

    const cleared = peopleMemoryClearedSchema.parse(await (await forget(owner, personA.fid)).json());
    expect(cleared.cleared).toBe(a.exchanges.length);
    const after = peopleMemoryResponseSchema.parse(await (await memoryAs(owner)).json());
    expect(after.people.map((person) => person.fid)).toEqual([personB.fid]);
    // Forgotten: A's next reply has nothing of before.
    const fresh = await chat(personA.fid, 'hey');
    expect(fresh.toLowerCase()).not.toContain(SECRET);

    expect(peopleMemoryClearedSchema.parse(await (await forget(owner)).json()).cleared).toBeGreaterThan(0);
    expect(peopleMemoryResponseSchema.parse(await (await memoryAs(owner)).json()).people).toEqual([]);
  });

  it('bounded: a few exchanges per person, a few hundred people per twin, an exchange once per key', async () => {
    const exchange = (fid: number, key: string, said: string) =>
      rememberExchange(
        server.db,
        { username: 'x', displayName: 'X' },
        {
          key,
          agentId: twin.agentId,
          fid,
          channel: 'dm',
          said,
        },
      );
    await exchange(7001, 'bound:once', 'about compost');
    await exchange(7001, 'bound:once', 'about compost');
    expect(await remembered(7001)).toHaveLength(1);
    for (let index = 0; index < PEOPLE_MEMORY_EXCHANGES_PER_PERSON + 3; index++) {
      await exchange(7001, `bound:${index}`, `exchange number ${index} ${'long '.repeat(100)}`);
    }
    const kept = await remembered(7001);
    expect(kept).toHaveLength(PEOPLE_MEMORY_EXCHANGES_PER_PERSON);
    // The newest kept, each cut to a short snippet.
    expect(kept.at(-1)!.said).toMatch(/^exchange number 8 /);
    for (const row of kept) expect(row.said.length).toBeLessThanOrEqual(200);

    for (let fid = 7002; fid < 7002 + PEOPLE_MEMORY_PEOPLE_PER_TWIN; fid++) await exchange(fid, `people:${fid}`, 'hi');
    const people = await server.db
      .selectFrom('people_memory')
      .select('fid')
      .distinct()
      .where('agent_id', '=', twin.agentId)
      .execute();
    expect(people).toHaveLength(PEOPLE_MEMORY_PEOPLE_PER_TWIN);
    // Whoever talked with it longest ago is forgotten first.
    expect(await remembered(7001)).toHaveLength(0);
  });
});
