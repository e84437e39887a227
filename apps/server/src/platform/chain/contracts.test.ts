import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, type ServerConfig } from '../config/config.ts';
import { contractsResolver } from './contracts.ts';

const address = (digit: string) => `0x${digit.repeat(40)}`;

function writeDeploymentFile(file: string, usdc: string, fartwinLife: string): void {
  const others =
    'a0x agentTokenFactory uniswapV3Factory swapRouter positionManager pool quoter weth9 burnAddress operator';
  const rest = Object.fromEntries(others.split(' ').map((field) => [field, address('9')]));
  writeFileSync(file, JSON.stringify({ chainId: 8453, deployedAtBlock: 1, usdc, fartwinLife, ...rest }));
}

describe('contractsResolver', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fartwin-contracts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is null until the local chain is bootstrapped, then keeps the addresses without re-reading', () => {
    const file = join(dir, 'deployment.json');
    const contracts = contractsResolver(loadConfig({ DEPLOYMENT_FILE: file }));
    expect(contracts()).toBeNull();
    writeDeploymentFile(file, address('1'), address('2'));
    const found = contracts();
    expect(found).toMatchObject({ usdc: address('1'), fartwinLife: address('2'), quoter: address('9') });
    writeFileSync(file, 'not json any more');
    expect(contracts()).toBe(found);
  });

  it('gives the configured addresses in production, with the QuoterV2 address', () => {
    const chain = { usdcAddress: address('1'), fartwinLifeAddress: address('2'), quoterAddress: address('3') };
    const config = { chain } as unknown as ServerConfig;
    expect(contractsResolver(config)()).toEqual({
      usdc: address('1'),
      fartwinLife: address('2'),
      quoter: address('3'),
    });
  });
});
