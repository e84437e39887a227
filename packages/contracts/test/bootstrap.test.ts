import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningAnvil, startAnvil } from '@fartwin/localstack';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localUsdcAbi } from '../generated/abis.ts';
import {
  bootstrapLocalChain,
  createLocalClients,
  localDevAccount,
  readDeployment,
  StaleLocalChainError,
} from '../src/deployment.ts';

let anvil: RunningAnvil;
let dir: string;

beforeAll(async () => {
  anvil = await startAnvil();
  dir = mkdtempSync(join(tmpdir(), 'fartwin-bootstrap-'));
});

afterAll(async () => {
  await anvil?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('bootstrapLocalChain', () => {
  it('deploys once, writes the file, then reuses it and funds only new accounts', async () => {
    const file = join(dir, 'deployment.json');
    const { publicClient } = createLocalClients(anvil.rpcUrl);
    const alice = localDevAccount(1).address;
    const stranger = getAddress('0x00000000000000000000000000000000000c0ffe');
    const usdcOf = (address: `0x${string}`) =>
      publicClient.readContract({ address: first.usdc, abi: localUsdcAbi, functionName: 'balanceOf', args: [address] });

    const first = await bootstrapLocalChain({
      rpcUrl: anvil.rpcUrl,
      deploymentFile: file,
      fund: [alice],
      usdcPerAccount: 500_000_000n,
    });
    expect(readDeployment(file)).toEqual(first);
    expect(first.chainId).toBe(8453);
    expect(first.operator).toBe(localDevAccount(0).address);
    expect(first.fundedAccounts).toEqual([first.operator, alice]);
    expect(await usdcOf(alice)).toBe(500_000_000n);
    const blockAfterDeploy = await publicClient.getBlockNumber({ cacheTime: 0 });

    const second = await bootstrapLocalChain({
      rpcUrl: anvil.rpcUrl,
      deploymentFile: file,
      fund: [alice, stranger],
      usdcPerAccount: 500_000_000n,
      ethPerAccount: 5n * 10n ** 18n,
    });
    expect({ ...second, fundedAccounts: undefined }).toEqual({ ...first, fundedAccounts: undefined });
    expect(second.fundedAccounts).toEqual([first.operator, alice, stranger]);
    // Alice was not funded twice; the stranger got ETH and USDC; no contract was redeployed.
    expect(await usdcOf(alice)).toBe(500_000_000n);
    expect(await usdcOf(stranger)).toBe(500_000_000n);
    expect(await publicClient.getBalance({ address: stranger })).toBe(5n * 10n ** 18n);
    expect(await publicClient.getBlockNumber({ cacheTime: 0 })).toBe(blockAfterDeploy + 1n);
  });

  it('redeploys when the file points at contracts the chain does not have', async () => {
    const file = join(dir, 'stale.json');
    const real = await bootstrapLocalChain({ rpcUrl: anvil.rpcUrl, deploymentFile: join(dir, 'real.json') });
    const stale = { ...real, fartwinLife: '0x000000000000000000000000000000000000bEEF' };
    writeFileSync(file, JSON.stringify(stale));
    const fresh = await bootstrapLocalChain({ rpcUrl: anvil.rpcUrl, deploymentFile: file });
    expect(fresh.fartwinLife).not.toBe(stale.fartwinLife);
    expect(await createLocalClients(anvil.rpcUrl).publicClient.getCode({ address: fresh.fartwinLife })).toMatch(
      /^0x[0-9a-f]{10,}/,
    );
    expect(JSON.parse(readFileSync(file, 'utf8')).fartwinLife).toBe(fresh.fartwinLife);
  });

  it('refuses to reuse a saved chain whose FartwinLife is an older build, naming the reset', async () => {
    const real = await bootstrapLocalChain({ rpcUrl: anvil.rpcUrl, deploymentFile: join(dir, 'current.json') });
    expect(real.lifeCodeHash).toMatch(/^0x[0-9a-f]{64}$/);
    for (const [name, saved] of [
      ['older.json', { ...real, lifeCodeHash: `0x${'00'.repeat(32)}` }],
      ['before-hashes.json', { ...real, lifeCodeHash: undefined }],
    ] as const) {
      const file = join(dir, name);
      writeFileSync(file, JSON.stringify(saved));
      await expect(bootstrapLocalChain({ rpcUrl: anvil.rpcUrl, deploymentFile: file })).rejects.toThrow(
        StaleLocalChainError,
      );
      await expect(bootstrapLocalChain({ rpcUrl: anvil.rpcUrl, deploymentFile: file })).rejects.toThrow(
        /npm run reset/,
      );
    }
  });

  it('readDeployment rejects a file with a missing address', () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, JSON.stringify({ chainId: 8453, usdc: '0x0000000000000000000000000000000000000001' }));
    expect(() => readDeployment(file)).toThrow(/"a0x" is missing/);
  });
});
