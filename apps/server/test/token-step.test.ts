import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeployment, findDeployment } from '../src/deploy/deployment-store.ts';
import { type DeployDeps, deploySteps } from '../src/deploy/steps.ts';
import { operatorWallet } from '../src/platform/chain/operator.ts';
import { TokenAddressTaken, type TokenLaunchRequest } from '../src/platform/chain/token-launcher.ts';
import type { Db } from '../src/platform/db/database.ts';
import { seedLocalNetwork } from '../src/social/local-network.ts';
import { createTestDatabase } from './harness.ts';
import { leaningCharacter, twinAgentId } from './twins.ts';

const WALLET = '0x1111111111111111111111111111111111111111';
const TAKEN = '0x4444444444444444444444444444444444444444';
const OURS = '0x5555555555555555555555555555555555555555';

/** The token step keeps its salt before sending, and draws a new one when the address is someone else's. */
describe('the deploy pipeline’s token step', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await seedLocalNetwork(db, 'http://localhost:3000');
    const { choices, character } = await leaningCharacter(db, 1001);
    await createDeployment(db, { ownerFid: 1001, agentId: twinAgentId('lowcaps-dev'), choices, character });
    // What the steps before the token's record: the twin's wallet, and its account (the token names it).
    await db
      .updateTable('deployments')
      .set({ wallet_address: WALLET, twin_fid: 901_001, twin_username: 'lowcaps-dev-twin' })
      .where('owner_fid', '=', 1001)
      .execute();
  });
  afterAll(() => database?.drop());

  it('stores the salt before the launch, and on a taken address launches again under a new stored salt', async () => {
    const launches: { salt: string; storedSalt: string | null }[] = [];
    const tokenStep = deploySteps.find((step) => step.name === 'token')!;
    const deps = {
      db,
      // Never reached: this launcher sends nothing.
      operator: operatorWallet('http://127.0.0.1:9', generatePrivateKey()),
      tokenLauncher: {
        async launch(request: TokenLaunchRequest) {
          // What a crash at this moment would leave behind: the salt must already be there.
          launches.push({ salt: request.salt, storedSalt: (await findDeployment(db, 1001))!.tokenSalt });
          if (launches.length === 1) throw new TokenAddressTaken(TAKEN);
          return { address: OURS as `0x${string}`, txHash: null };
        },
      },
    } as unknown as DeployDeps;

    const outputs = await tokenStep.run((await findDeployment(db, 1001))!, deps);
    expect(launches).toHaveLength(2);
    for (const launch of launches) {
      expect(launch.salt).toMatch(/^0x[0-9a-f]{64}$/);
      expect(launch.storedSalt).toBe(launch.salt);
    }
    expect(launches[1]!.salt).not.toBe(launches[0]!.salt);
    expect(outputs).toMatchObject({ tokenAddress: OURS, tokenSalt: launches[1]!.salt });

    // A retry (after a crash) uses the stored salt, not a new one.
    launches.length = 0;
    launches.push({ salt: 'skip-the-taken-answer', storedSalt: null });
    await tokenStep.run((await findDeployment(db, 1001))!, deps);
    expect(launches[1]!.salt).toBe(outputs.tokenSalt);
  });
});
