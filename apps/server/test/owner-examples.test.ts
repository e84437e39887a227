import {
  activityPath,
  activityResponseSchema,
  errorBodySchema,
  OWNER_EXAMPLE_LIMITS,
  ownerExampleDeletedSchema,
  ownerExamplePaths,
  ownerExampleResponseSchema,
  ownerExamplesResponseSchema,
} from '@fartwin/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDomain } from '../src/auth/app-domain.ts';
import { runTwinWriteJob } from '../src/twin-actions/twin-actions.ts';
import type { TwinRecord } from '../src/twins/repository.ts';
import type { TestServer } from './harness.ts';
import { tokenFor } from './quick-auth-client.ts';
import { startTwinActionSetup, untaggedReplyJob } from './twin-action-setup.ts';

const people = { alice: 1001, bob: 1002, dan: 1004, erin: 1005 } as const;
const REWRITE = 'honestly? a tiny escrow for freelancers, milestone by milestone. ask me anything about it';

describe('the owner teaches by example: a rewritten reply is what the twin says to the like next time', () => {
  let setup: Awaited<ReturnType<typeof startTwinActionSetup<'alice'>>>;
  let server: TestServer;
  let alice: TwinRecord;
  let replyKey = '';
  const tokens = new Map<number, string>();
  const token = async (fid: number) => {
    const domain = appDomain(server.config.publicUrl);
    if (!tokens.has(fid)) tokens.set(fid, await tokenFor((path, init) => server.app.request(path, init), fid, domain));
    return tokens.get(fid)!;
  };
  const call = async (path: string, fid: number | null, init: { method?: string; body?: unknown } = {}) =>
    server.app.request(path, {
      method: init.method ?? 'GET',
      headers: {
        'content-type': 'application/json',
        ...(fid === null ? {} : { authorization: `Bearer ${await token(fid)}` }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  const expectError = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status);
    expect(errorBodySchema.parse(await response.json()).code).toBe(code);
  };
  /** The twin's public reply to a cast `fid` writes it. */
  const replyTo = async (fid: number, text: string) => {
    const job = await untaggedReplyJob(server.db, alice, fid, text);
    const outcome = await runTwinWriteJob(setup.deps(), job);
    expect(outcome.status).toBe('replied');
    return { key: `thread-reply:${alice.agentId}:${job.cast.hash}`, text: (outcome as { text: string }).text };
  };

  beforeAll(async () => {
    setup = await startTwinActionSetup({ alice: people.alice }, ['alice']);
    server = setup.server;
    alice = setup.twins.alice;
    const first = await replyTo(people.dan, 'what are you building this week?');
    expect(first.text).not.toBe(REWRITE);
    replyKey = first.key;
  }, 180_000);
  afterAll(() => setup?.close());

  it('only the owner rewrites, lists and deletes; bad input is refused with a clear error and nothing kept', async () => {
    const examples = ownerExamplePaths.examples(alice.agentId);
    await expectError(await call(examples, null), 401, 'unauthorized');
    await expectError(await call(examples, people.bob), 403, 'forbidden');
    await expectError(
      await call(examples, people.bob, { method: 'POST', body: { writingKey: replyKey, answer: 'mine now' } }),
      403,
      'forbidden',
    );
    const tooLong = 'x'.repeat(OWNER_EXAMPLE_LIMITS.answerChars + 1);
    for (const body of [
      { writingKey: replyKey, answer: tooLong },
      { writingKey: replyKey, answer: '   ' },
      { writingKey: replyKey, answer: 'fine', extra: true },
      { writingKey: 'k'.repeat(OWNER_EXAMPLE_LIMITS.writingKeyChars + 1), answer: 'fine' },
    ]) {
      const response = await call(examples, people.alice, { method: 'POST', body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    await expectError(
      await call(examples, people.alice, { method: 'POST', body: { writingKey: 'thread-reply:nope', answer: 'fine' } }),
      404,
      'unknown_writing',
    );
    await expectError(
      await call(ownerExamplePaths.example(alice.agentId, 'abc'), people.alice, { method: 'DELETE' }),
      400,
      'invalid_example_id',
    );
    const listed = ownerExamplesResponseSchema.parse(await (await call(examples, people.alice)).json());
    expect(listed.examples).toEqual([]);
  });

  it('a rewrite on Activity is kept with the message it answers, and the next answer to a like question follows it', async () => {
    // The reply is on the owner's Activity, with the cast it answered.
    const activity = activityResponseSchema.parse(await (await call(activityPath(alice.agentId), people.alice)).json());
    expect(activity.items.some((item) => item.key === replyKey)).toBe(true);

    const saved = await call(ownerExamplePaths.examples(alice.agentId), people.alice, {
      method: 'POST',
      body: { writingKey: replyKey, answer: `  ${REWRITE} ` },
    });
    expect(saved.status).toBe(200);
    const { example } = ownerExampleResponseSchema.parse(await saved.json());
    expect(example).toMatchObject({
      writingKey: replyKey,
      message: 'what are you building this week?',
      answer: REWRITE,
    });

    // A similar question from someone else: the owner's words. An unrelated one: not.
    expect((await replyTo(people.erin, 'so what are you building these days?')).text).toBe(REWRITE);
    expect((await replyTo(people.erin, 'any tips on testing contracts?')).text).not.toBe(REWRITE);

    // Rewritten again: replaced, not added.
    const again = await call(ownerExamplePaths.examples(alice.agentId), people.alice, {
      method: 'POST',
      body: { writingKey: replyKey, answer: 'escrow, again and always' },
    });
    expect(again.status).toBe(200);
    const listed = ownerExamplesResponseSchema.parse(
      await (await call(ownerExamplePaths.examples(alice.agentId), people.alice)).json(),
    );
    expect(listed.examples.map((each) => each.answer)).toEqual(['escrow, again and always']);

    // Deleted: the twin answers from its casts again.
    const deleted = await call(ownerExamplePaths.example(alice.agentId, listed.examples[0]!.id), people.alice, {
      method: 'DELETE',
    });
    expect(ownerExampleDeletedSchema.parse(await deleted.json()).deleted).toBe(true);
    expect((await replyTo(people.erin, 'hey, what are you building this week?')).text).not.toBe(
      'escrow, again and always',
    );
  });
});
