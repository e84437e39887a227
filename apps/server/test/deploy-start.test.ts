import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployService } from '../src/deploy/deploy-service.ts';
import { findDeployment } from '../src/deploy/deployment-store.ts';
import type { Db } from '../src/platform/db/database.ts';
import { HttpError } from '../src/platform/http/errors.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { createTestDatabase } from './harness.ts';
import { leaningCharacter } from './twins.ts';

/** A deploy the queue would not take is failed at once, not left "running" until the 10-minute timeout. */
describe('starting a deploy', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await seedLocalNetwork(db, 'http://localhost:3000');
  });
  afterAll(() => database?.drop());

  it('answers 503 when the queue refuses it, and the next call starts it again at once', async () => {
    const enqueued: number[] = [];
    let queueUp = false;
    const queue = {
      async enqueue(ownerFid: number) {
        if (!queueUp) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        enqueued.push(ownerFid);
      },
    };
    const service = deployService({ db, queue, waitMs: 50 });
    const { choices, character } = await leaningCharacter(db, 1001);

    const refused = service.deploy(1001, choices, character);
    await expect(refused).rejects.toThrow(HttpError);
    await expect(refused).rejects.toMatchObject({ status: 503, code: 'deploy_not_started' });
    expect((await findDeployment(db, 1001))?.status).toBe('failed');

    queueUp = true;
    const answer = await service.deploy(1001, choices, character);
    expect(enqueued).toEqual([1001]);
    expect(answer.status).toBe(202);
    expect((await findDeployment(db, 1001))?.status).toBe('running');
  });
});
