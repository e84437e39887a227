import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrapLocalChain } from '@fartwin/contracts/deployment';
import { buildCharacter, ChatEngineError, type ChatInput, leaningChoices, profileCasts } from '@fartwin/echo';
import { SAMPLE_USERS } from '@fartwin/localstack/sample-users';
import { apiPaths, chatResponseSchema, chatStreamDoneSchema, errorBodySchema } from '@fartwin/protocol';
import { serve } from '@hono/node-server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appDomain } from '../src/auth/app-domain.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { llmEngine } from '../src/twin-mind/engines/ai-sdk-engine.ts';
import { type RecordedRequest, startFakeHttp } from './fake-http.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { tokenFor } from './quick-auth-client.ts';
import { createTwin, feedTwin, twinAgentId } from './twins.ts';

const REPLY_CHUNKS = ['gm, ', 'escrow v1.1 ', 'is almost ', 'done'];

/** How the stand-in answers: `fail` every call, `failures` the next few calls, `stall` mid-reply. */
interface LlmState {
  fail: boolean;
  failures?: number;
  stall?: boolean;
  hungUp?: boolean;
  /** What the model writes instead of REPLY_CHUNKS. */
  chunks?: string[];
}

/**
 * Answers like an OpenAI-compatible chat-completions endpoint, streaming when asked to. With
 * `stall`, it streams the first chunk and then waits until the client hangs up.
 */
function openAiLikeHandler(state: LlmState) {
  return (request: RecordedRequest, response: import('node:http').ServerResponse) => {
    const failsNow = state.fail || (state.failures ?? 0) > 0;
    if (state.failures) state.failures--;
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions' || failsNow) {
      response.writeHead(failsNow ? 500 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'model exploded', type: 'server_error' } }));
      return;
    }
    const body = JSON.parse(request.body) as { model: string; stream?: boolean };
    const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1_700_000_000, model: body.model };
    if (!body.stream) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [
            { index: 0, message: { role: 'assistant', content: REPLY_CHUNKS.join('') }, finish_reason: 'stop' },
          ],
        }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
    send({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    if (state.stall) {
      send({ ...base, choices: [{ index: 0, delta: { content: REPLY_CHUNKS[0] }, finish_reason: null }] });
      response.on('close', () => {
        state.hungUp = true;
      });
      return;
    }
    for (const content of state.chunks ?? REPLY_CHUNKS)
      send({ ...base, choices: [{ index: 0, delta: { content }, finish_reason: null }] });
    send({
      ...base,
      choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 4, total_tokens: 14 },
    });
    response.end('data: [DONE]\n\n');
  };
}

/** lowcaps-dev's twin, built as the app builds it. */
function devCharacter() {
  const user = SAMPLE_USERS[0]!;
  const casts = [...user.casts].reverse().map((text) => ({ text, parentHash: null }));
  const profile = profileCasts(casts);
  return buildCharacter(user, casts, profile, leaningChoices(profile));
}

describe('the LLM engine (OpenAI-compatible endpoint through the AI SDK)', () => {
  const state: LlmState = { fail: false };
  let llm: Awaited<ReturnType<typeof startFakeHttp>>;
  let server: TestServer;
  let dataDir: string;
  let token: string;
  const chat = (conversation: unknown, accept?: string) =>
    server.app.request(apiPaths.chat(twinAgentId('lowcaps-dev')), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(accept ? { accept } : {}) },
      body: JSON.stringify({ conversation, fid: 1001 }),
    });
  const storedTurns = async () => (await server.db.selectFrom('chat_turns').selectAll().execute()).length;

  beforeAll(async () => {
    llm = await startFakeHttp(openAiLikeHandler(state));
    dataDir = mkdtempSync(join(tmpdir(), 'fartwin-llm-'));
    const deploymentFile = join(dataDir, 'deployment.json');
    server = await startTestServer({
      DEPLOYMENT_FILE: deploymentFile,
      LLM_BASE_URL: `${llm.url}/v1`,
      LLM_API_KEY: 'test-key',
      LLM_MODEL: 'twin-model',
      // A model that stops sending mid-reply is given up on after a second.
      CHAT_STALL_SECONDS: '1',
    });
    await seedLocalNetwork(server.db, server.config.publicUrl);
    const deployment = await bootstrapLocalChain({ rpcUrl: server.anvil.rpcUrl, deploymentFile });
    await createTwin(server.db, 1001);
    await feedTwin(server.anvil.rpcUrl, deployment, twinAgentId('lowcaps-dev'));
    token = await tokenFor((path, init) => server.app.request(path, init), 1001, appDomain(server.config.publicUrl));
  }, 180_000);
  afterAll(async () => {
    await server.close();
    await llm.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends the twin's persona and the conversation to the model and answers with engine 'llm'", async () => {
    const response = await chat('what are you shipping?');
    expect(response.status).toBe(200);
    expect(chatResponseSchema.parse(await response.json())).toEqual({ message: REPLY_CHUNKS.join(''), engine: 'llm' });
    const sent = llm.requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer test-key');
    const body = JSON.parse(sent.body) as {
      model: string;
      stream: boolean;
      messages: { role: string; content: string }[];
    };
    expect(body.model).toBe('twin-model');
    expect(body.stream).toBe(true);
    expect(body.messages[0]!.role).toBe('system');
    expect(body.messages[0]!.content).toMatch(/digital twin of teo \(@lowcaps-dev\)/);
    expect(body.messages[0]!.content).toMatch(/100% of their posts are all lower case/);
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: 'what are you shipping?' });
  });

  it('gives the model the stored conversation as context, and streams its reply over SSE', async () => {
    const response = await chat('and after that?', 'text/event-stream');
    const text = await response.text();
    expect(text).toContain('event: delta');
    // The model's opening chunk (a role, empty content) is no delta of its own.
    expect(text).not.toContain('event: delta\ndata: ""');
    const done = text.split('\n\n').find((block) => block.startsWith('event: done'))!;
    expect(chatStreamDoneSchema.parse(JSON.parse(done.split('\ndata: ')[1]!))).toEqual({
      message: REPLY_CHUNKS.join(''),
      engine: 'llm',
    });
    const messages = (JSON.parse(llm.requests.at(-1)!.body) as { messages: { role: string; content: string }[] })
      .messages;
    expect(messages.slice(1)).toEqual([
      { role: 'user', content: 'what are you shipping?' },
      { role: 'assistant', content: REPLY_CHUNKS.join('') },
      { role: 'user', content: 'and after that?' },
    ]);
  });

  it('tries a failed model call once more before giving up', async () => {
    state.failures = 1;
    const requestsBefore = llm.requests.length;
    const response = await chat('still there?');
    expect(response.status).toBe(200);
    expect(chatResponseSchema.parse(await response.json())).toEqual({ message: REPLY_CHUNKS.join(''), engine: 'llm' });
    expect(llm.requests.length - requestsBefore).toBe(2);
  });

  it('answers 502 when the model fails, and stores nothing for that exchange', async () => {
    state.fail = true;
    const before = await storedTurns();
    const response = await chat('hello?');
    expect(response.status).toBe(502);
    expect(errorBodySchema.parse(await response.json())).toEqual({
      code: 'engine_failed',
      error: 'The twin could not answer right now. Please try again.',
    });
    const streamed = await (await chat('hello again?', 'text/event-stream')).text();
    expect(streamed).toContain('event: error');
    expect(streamed).toContain('engine_failed');
    expect(await storedTurns()).toBe(before);
    state.fail = false;
  });

  it('refuses a message holding a NUL with 400 before the model is called or anything is stored', async () => {
    const before = await storedTurns();
    const requestsBefore = llm.requests.length;
    for (const conversation of ['hi\u0000there', [{ role: 'user', content: 'hi\u0000' }], 'half \uD83D']) {
      for (const accept of [undefined, 'text/event-stream']) {
        const response = await chat(conversation, accept);
        expect(response.status).toBe(400);
        expect(errorBodySchema.parse(await response.json()).code).toBe('invalid_text');
      }
    }
    expect(llm.requests.length).toBe(requestsBefore);
    expect(await storedTurns()).toBe(before);
  });

  it('ends the SSE answer with an error event when the reply cannot be stored (a model writing a NUL)', async () => {
    state.chunks = ['gm', '\u0000', ' anon'];
    try {
      const before = await storedTurns();
      const text = await (await chat('say something odd', 'text/event-stream')).text();
      expect(text).toContain('event: delta');
      expect(text).toMatch(/event: error\ndata: .*"code":"reply_failed".*\n\n$/);
      expect(await storedTurns()).toBe(before);
    } finally {
      delete state.chunks;
    }
  });

  it("records and ends a twin's reply job the database refuses (a model writing a NUL) instead of retrying it", async () => {
    const twin = (await server.db
      .selectFrom('agents')
      .selectAll()
      .where('agent_id', '=', twinAgentId('lowcaps-dev'))
      .executeTakeFirst())!;
    // The twin's own account in the local network, as the deploy pipeline makes it.
    await server.db
      .insertInto('social_accounts')
      .values({
        fid: twin.twin_fid,
        username: twin.twin_username,
        display_name: twin.twin_display_name,
        bio: 'AI twin',
        custody_address: twin.wallet_address,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    state.chunks = ['gm', '\u0000', ' anon'];
    try {
      const hash = `0x${'cd'.repeat(20)}`;
      const accepted = await server.twinActions.castCreated({
        hash,
        text: `@${twin.twin_username} what are you shipping?`,
        author: { fid: 1002, username: 'gmbeans' },
        parentHash: null,
        parentAuthorFid: null,
        threadHash: null,
        mentionedFids: [twin.twin_fid],
        mentionedUsernames: [],
      });
      expect(accepted).toBe(1);
      const key = `thread-reply:${twin.agent_id}:${hash}`;
      // The job ends done, on its first attempt, with the input recorded.
      await vi.waitFor(
        async () => {
          const { rows } = await sql<{ state: string; retry_count: number }>`
            select state, retry_count from pgboss.job where name = 'twin-write' and singleton_key = ${key}`.execute(
            server.db,
          );
          expect(rows).toEqual([{ state: 'completed', retry_count: 0 }]);
        },
        { timeout: 20_000, interval: 200 },
      );
      expect(await server.db.selectFrom('rejected_inputs').select(['source', 'key', 'reason']).execute()).toEqual([
        { source: 'twin-write', key, reason: 'the database refused it (22021)' },
      ]);
      expect(await server.db.selectFrom('twin_writings').selectAll().where('key', '=', key).execute()).toEqual([]);
    } finally {
      delete state.chunks;
    }
  });

  describe("writing tasks, called as the twin's writers call it", () => {
    const engine = () => llmEngine({ baseUrl: `${llm.url}/v1`, apiKey: 'test-key', model: 'twin-model' });
    const lastRequest = () =>
      JSON.parse(llm.requests.at(-1)!.body) as { messages: { role: string; content: string }[] };
    const collect = async (input: ChatInput) => {
      let text = '';
      for await (const chunk of engine().reply(input)) text += chunk;
      return text;
    };

    it('asks for a post with a user message, and shows the earlier posts in the system prompt', async () => {
      const earlierPosts = ['escrow v1 is live, ask me anything.', 'tests are the spec, still.'];
      const text = await collect({
        character: devCharacter(),
        conversation: [],
        task: { kind: 'post', earlierPosts },
        maxChars: 320,
      });
      expect(text).toBe(REPLY_CHUNKS.join(''));
      const { messages } = lastRequest();
      expect(messages).toHaveLength(2);
      expect(messages[0]!.role).toBe('system');
      expect(messages[0]!.content).toMatch(/Write one new post \(a cast\) of at most 320 characters/);
      expect(messages[0]!.content).toMatch(/not be like these earlier posts/);
      for (const post of earlierPosts) expect(messages[0]!.content).toContain(`- ${post}`);
      expect(messages[0]!.content).not.toMatch(/Never say you are an AI/);
      expect(messages[1]).toEqual({ role: 'user', content: 'Write your next post.' });
    });

    it('answers a cast thread in public as the AI twin, within the limit', async () => {
      await collect({
        character: devCharacter(),
        conversation: [{ role: 'user', content: '@alice: @lowcaps-dev-twin are you a bot?' }],
        task: { kind: 'reply', channel: 'cast' },
        maxChars: 320,
      });
      const { messages } = lastRequest();
      expect(messages[0]!.content).toMatch(/replying in public, in a Farcaster cast thread, as @lowcaps-dev's AI twin/);
      expect(messages[0]!.content).toMatch(/say you are @lowcaps-dev's AI twin/);
      expect(messages[0]!.content).toMatch(/at most 320 characters/);
      expect(messages.at(-1)).toEqual({ role: 'user', content: '@alice: @lowcaps-dev-twin are you a bot?' });
    });

    it('stops the call when the signal is aborted, instead of passing a cut-off text as whole', async () => {
      state.stall = true;
      state.hungUp = false;
      const controller = new AbortController();
      const chunks: string[] = [];
      const reading = (async () => {
        for await (const chunk of engine().reply({
          character: devCharacter(),
          conversation: [{ role: 'user', content: 'what are you shipping?' }],
          signal: controller.signal,
        })) {
          chunks.push(chunk);
          controller.abort(new Error('nobody waits any more'));
        }
      })();
      await expect(reading).rejects.toThrow(ChatEngineError);
      await expect(reading).rejects.toThrow(/stopped: nobody waits any more/);
      expect(chunks).toEqual([REPLY_CHUNKS[0]]);
      // The request to the model was cut, not left running.
      await vi.waitFor(() => expect(state.hungUp).toBe(true));
      state.stall = false;
    });
  });

  it('a client that leaves mid-reply (a real HTTP connection) cuts the model call, and nothing is stored', async () => {
    state.stall = true;
    state.hungUp = false;
    const http = serve({ fetch: server.app.fetch, hostname: '127.0.0.1', port: 0 });
    try {
      await new Promise<void>((resolve) => http.once('listening', () => resolve()));
      const { port } = http.address() as AddressInfo;
      const before = await storedTurns();
      const leaving = new AbortController();
      const response = await fetch(`http://127.0.0.1:${port}${apiPaths.chat(twinAgentId('lowcaps-dev'))}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}` },
        body: JSON.stringify({ conversation: 'tell me everything', fid: 1001 }),
        signal: leaving.signal,
      });
      const reader = response.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toContain(`event: delta\ndata: ${JSON.stringify(REPLY_CHUNKS[0])}`);
      leaving.abort();
      // Well before the 1 s stall budget would have cut it.
      await vi.waitFor(() => expect(state.hungUp).toBe(true), { timeout: 500 });
      expect(await storedTurns()).toBe(before);
    } finally {
      state.stall = false;
      await new Promise((resolve) => http.close(resolve));
    }
  });

  it('a model that stalls mid-reply is stopped after the stall budget: an SSE error, the call cut, nothing stored', async () => {
    state.stall = true;
    state.hungUp = false;
    try {
      const before = await storedTurns();
      const response = await chat('and then what happened?', 'text/event-stream');
      const text = await response.text();
      expect(text).toContain(`event: delta\ndata: ${JSON.stringify(REPLY_CHUNKS[0])}`);
      expect(text).toMatch(/event: error\ndata: .*"code":"engine_failed"/);
      // The request to the model was cut rather than left generating for nobody.
      await vi.waitFor(() => expect(state.hungUp).toBe(true));
      expect(await storedTurns()).toBe(before);
    } finally {
      state.stall = false;
    }
  });
});
