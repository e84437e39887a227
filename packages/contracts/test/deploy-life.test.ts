import { toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { fartwinLifeAbi } from '../generated/abis.ts';
import { deployLifeFromEnv, lifeSettingsFromEnv } from '../scripts/deploy-life.ts';
import { localDevAccount } from '../src/deployment.ts';
import { encodeV3Path } from '../src/index.ts';
import { useTestChain } from './support/chain.ts';
import { agentIdFor, buyBattery, USDC } from './support/life.ts';

const chain = useTestChain();

describe('scripts/deploy-life.ts', () => {
  it('deploys a FartwinLife configured from the environment, owned by LIFE_OWNER, that takes payments', async () => {
    const { deployment, publicClient, alice } = chain();
    const owner = localDevAccount(5).address;
    const life = await deployLifeFromEnv({
      CHAIN_RPC_URL: chain().anvil.rpcUrl,
      DEPLOYER_PRIVATE_KEY: toHex(localDevAccount(4).getHdKey().privateKey!),
      LIFE_OWNER: owner,
      USDC_ADDRESS: deployment.usdc,
      A0X_ADDRESS: deployment.a0x,
      SWAP_ROUTER_ADDRESS: deployment.swapRouter,
      POOL_FEE: '3000',
      MIN_A0X_PER_USDC: '900',
    });
    const read = (functionName: 'owner' | 'swapPath' | 'minA0xPerUsdc' | 'burnAddress' | 'swapRouter') =>
      publicClient.readContract({ address: life, abi: fartwinLifeAbi, functionName });
    expect(await read('owner')).toBe(owner);
    expect(await read('swapPath')).toBe(encodeV3Path([deployment.usdc, deployment.a0x], [3000]).toLowerCase());
    expect(await read('minA0xPerUsdc')).toBe(900n * 10n ** 18n);
    expect(await read('burnAddress')).toBe('0x000000000000000000000000000000000000dEaD');
    expect(await read('swapRouter')).toBe(deployment.swapRouter);
    const { event } = await buyBattery(
      { ...chain(), deployment: { ...deployment, fartwinLife: life } },
      alice,
      agentIdFor('a'),
      USDC,
    );
    expect(event.args.a0xBurned).toBeGreaterThan(900n * 10n ** 18n);
  });

  it('names the variable that is missing or malformed', () => {
    const a0x = '0x000000000000000000000000000000000000a0a0';
    const owner = '0x000000000000000000000000000000000000b0b0';
    expect(() => lifeSettingsFromEnv({ LIFE_OWNER: owner })).toThrow('A0X_ADDRESS is required');
    expect(() => lifeSettingsFromEnv({ A0X_ADDRESS: a0x })).toThrow('LIFE_OWNER is required');
    expect(() => lifeSettingsFromEnv({ A0X_ADDRESS: 'nope', LIFE_OWNER: owner })).toThrow(
      'A0X_ADDRESS must be an address',
    );
    expect(() => lifeSettingsFromEnv({ A0X_ADDRESS: a0x, LIFE_OWNER: owner, POOL_FEE: '42' })).toThrow('POOL_FEE');
    expect(() => lifeSettingsFromEnv({ A0X_ADDRESS: a0x, LIFE_OWNER: owner, MIN_A0X_PER_USDC: 'lots' })).toThrow(
      'MIN_A0X_PER_USDC',
    );
    // Base's USDC, SwapRouter02, the 1 % pool and no floor unless told otherwise.
    expect(lifeSettingsFromEnv({ A0X_ADDRESS: a0x, LIFE_OWNER: owner })).toMatchObject({
      usdc: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      swapRouter: '0x2626664c2603336E57B271c5C0b26F421741e481',
      minA0xPerUsdc: 0n,
    });
  });
});
