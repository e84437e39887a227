import { economyPaths, economyResponseSchema, errorBodySchema } from '@fartwin/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDomain } from '../src/auth/app-domain.ts';
import { runwayOf } from '../src/economy/runway.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import type { TwinRecord } from '../src/twins/repository.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { keeperStep } from './keeper-rows.ts';
import { tokenFor } from './quick-auth-client.ts';
import { createTwin } from './twins.ts';

const DAY = 86_400;

describe('runwayOf', () => {
  it('says how many days a battery takes at the rate so far, and "not yet" when that is beyond a battery', () => {
    expect(runwayOf(0n, 10 * DAY)).toEqual({ kind: 'not-yet' });
    expect(runwayOf(500_000n, DAY)).toEqual({ kind: 'pays-itself', everyDays: 2 });
    expect(runwayOf(3_000_000n, DAY / 2)).toEqual({ kind: 'pays-itself', everyDays: 1 });
    expect(runwayOf(1_000_000n, 7 * DAY)).toEqual({ kind: 'pays-itself', everyDays: 7 });
    expect(runwayOf(1_000_000n, 30 * DAY)).toEqual({ kind: 'not-yet' });
  });
});

describe("a twin's economy on its page (GET /doppelganger/economy/:agentId) and its owner's switch", () => {
  let server: TestServer;
  let twin: TwinRecord;
  const request = (path: string, init?: RequestInit) => server.app.request(path, init);
  const read = async (agentId: string) => {
    const response = await request(economyPaths.economy(agentId));
    expect(response.status).toBe(200);
    return economyResponseSchema.parse(await response.json());
  };
  const put = async (body: unknown, fid: number | null) =>
    request(economyPaths.payBatteryFromFees(twin.agentId), {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        ...(fid === null
          ? {}
          : { authorization: `Bearer ${await tokenFor(request, fid, appDomain(server.config.publicUrl))}` }),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const expectError = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status);
    expect(errorBodySchema.parse(await response.json()).code).toBe(code);
  };

  beforeAll(async () => {
    server = await startTestServer();
    await seedLocalNetwork(server.db, server.config.publicUrl);
    twin = await createTwin(server.db, 1001);
  }, 180_000);
  afterAll(() => server?.close());

  it('answers the figures: nothing earned yet, the switch on by default', async () => {
    expect(await read(twin.agentId)).toEqual({
      agentId: twin.agentId,
      feesEarnedUsdc: '0',
      batteriesBought: 0,
      runway: { kind: 'not-yet' },
      payBatteryFromFees: true,
    });
    await expectError(
      await request(economyPaths.economy('00000000-0000-4000-8000-000000000000')),
      404,
      'unknown_agent',
    );
  });

  it('counts what the keeper sold and the batteries it bought, confirmed only', async () => {
    const row = {
      agent_id: twin.agentId,
      period: '2026-11-25',
      sender: twin.walletAddress,
      to_address: twin.walletAddress,
      call_data: '0x',
    };
    await server.db
      .insertInto('outbox_transactions')
      .values(
        [
          { ...row, step: 'swap', status: 'confirmed', usdc: '3000000' },
          { ...row, step: 'battery', status: 'confirmed', usdc: '1000000' },
          { ...row, period: '2026-11-26', step: 'swap', status: 'failed', usdc: '9000000' },
          { ...row, period: '2026-11-26', step: 'battery', status: 'sent', usdc: '1000000' },
        ].map(keeperStep),
      )
      .execute();
    try {
      const economy = await read(twin.agentId);
      expect(economy).toMatchObject({
        feesEarnedUsdc: '3000000',
        batteriesBought: 1,
        runway: { kind: 'pays-itself', everyDays: 1 },
      });
    } finally {
      await server.db.deleteFrom('outbox_transactions').where('kind', '=', 'keeper').execute();
    }
  });

  it("lets only the twin's owner turn off paying its battery from its fees, with a clear error otherwise", async () => {
    await expectError(await put({ on: false }, null), 401, 'unauthorized');
    await expectError(await put({ on: false }, 1002), 403, 'forbidden');
    await expectError(await put({ on: 'no' }, 1001), 400, 'invalid_request');
    await expectError(await put('{not json', 1001), 400, 'invalid_json');
    expect((await read(twin.agentId)).payBatteryFromFees).toBe(true);

    const response = await put({ on: false }, 1001);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ agentId: twin.agentId, payBatteryFromFees: false });
    expect((await read(twin.agentId)).payBatteryFromFees).toBe(false);
    expect(await (await put({ on: true }, 1001)).json()).toEqual({ agentId: twin.agentId, payBatteryFromFees: true });
    expect((await read(twin.agentId)).payBatteryFromFees).toBe(true);
  });
});
