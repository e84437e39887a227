import { activityPath, activityResponseSchema } from '@fartwin/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDomain } from '../src/auth/app-domain.ts';
import { TWIN_WRITE_QUEUE, twinWriteKey } from '../src/twin-actions/twin-actions.ts';
import { sendJson, startFakeHttp } from './fake-http.ts';
import { tokenFor } from './quick-auth-client.ts';
import { recordedSkip, startTwinActionSetup, untaggedReplyJob, waitFor } from './twin-action-setup.ts';

const people = { alice: 1001, bob: 1002 } as const;

describe('a writing whose every try fails', () => {
  let setup: Awaited<ReturnType<typeof startTwinActionSetup<'alice'>>>;
  let model: Awaited<ReturnType<typeof startFakeHttp>>;

  beforeAll(async () => {
    // The twins' model is down: every request is answered 503, as a provider's outage answers.
    model = await startFakeHttp((_request, response) =>
      sendJson(response, 503, { error: { message: 'overloaded', type: 'server_error' } }),
    );
    setup = await startTwinActionSetup({ alice: people.alice }, ['alice'], {
      LLM_BASE_URL: `${model.url}/v1`,
      LLM_API_KEY: 'test-key',
      LLM_MODEL: 'twin-model',
    });
  }, 180_000);
  afterAll(async () => {
    await setup?.close();
    await model?.close();
  });

  it("is retried, then listed on the owner's Activity as not written rather than lost", async () => {
    const { server, twins } = setup;
    const job = await untaggedReplyJob(server.db, twins.alice, people.bob, 'what are you building this week?');
    const key = twinWriteKey(job);
    // One retry, at once: the first failure leaves it to the retry, the second is its last.
    await server.jobs.insert([{ name: TWIN_WRITE_QUEUE, data: job, singletonKey: key, retryLimit: 1, retryDelay: 0 }]);
    const runs = async () =>
      (
        await sql<{ state: string; retry_count: number }>`
          select state, retry_count from pgboss.job where name = ${TWIN_WRITE_QUEUE} and singleton_key = ${key}`.execute(
          server.db,
        )
      ).rows;
    const [failed] = await waitFor(runs, (rows) => rows.some((row) => row.state === 'failed'), 'the job given up on');
    expect(failed!.retry_count).toBe(1);
    expect(model.requests.length).toBeGreaterThanOrEqual(2);

    const skip = await recordedSkip(server.db, key);
    expect(skip).toMatchObject({
      reason: 'failed',
      kind: 'thread-reply',
      agent_id: twins.alice.agentId,
      subject: job.cast.hash,
      author_fid: people.bob,
    });
    // Once, whatever ran it: the key is the skip's.
    const skips = await server.db.selectFrom('twin_write_skips').select('key').where('key', '=', key).execute();
    expect(skips).toHaveLength(1);

    const token = await tokenFor(
      (path, init) => server.app.request(path, init),
      people.alice,
      appDomain(server.config.publicUrl),
    );
    const response = await server.app.request(activityPath(twins.alice.agentId), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const { items } = activityResponseSchema.parse(await response.json());
    expect(items).toContainEqual(expect.objectContaining({ type: 'skip', reason: 'failed', subject: job.cast.hash }));
  });
});
