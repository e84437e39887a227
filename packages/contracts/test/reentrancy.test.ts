import { type Address, decodeErrorResult, encodeFunctionData, parseEventLogs, parseUnits } from 'viem';
import { describe, expect, it } from 'vitest';
import { fartwinLifeAbi, reentrantTokenAbi } from '../generated/abis.ts';
import { reentrantTokenBytecode } from '../generated/bytecode.ts';
import { createPoolWithLiquidity } from '../src/deployment.ts';
import { encodeV3Path } from '../src/index.ts';
import { confirm } from '../src/local/chain.ts';
import { expectRevert, type TestChain, useTestChain } from './support/chain.ts';
import { agentIdFor, approveUsdc, changeSetting, extendLife, mintUsdc, readLife, send, USDC } from './support/life.ts';

const chain = useTestChain();
const life = () => ({ address: chain().deployment.fartwinLife, abi: fartwinLifeAbi }) as const;

async function deployEvilToken({ operator, publicClient }: TestChain): Promise<Address> {
  const hash = await operator.deployContract({
    abi: reentrantTokenAbi,
    bytecode: reentrantTokenBytecode,
    args: [operator.account.address, parseUnits('1000000000', 18)],
  });
  return (await confirm(publicClient, hash)).contractAddress as Address;
}

/** Makes the evil token call extendLife on FartwinLife from inside its transfers. */
async function arm(evil: Address, bubble: boolean) {
  const callData = encodeFunctionData({
    abi: fartwinLifeAbi,
    functionName: 'extendLife',
    args: [agentIdFor('victim'), USDC],
  });
  await send(
    chain(),
    chain().operator.writeContract({
      address: evil,
      abi: reentrantTokenAbi,
      functionName: 'arm',
      args: [chain().deployment.fartwinLife, callData, bubble],
    }),
  );
}

describe('re-entrancy', () => {
  it('rejects a token on the swap path that calls back into extendLife', async () => {
    const { operator, alice, publicClient, deployment } = chain();
    const evil = await deployEvilToken(chain());
    await mintUsdc(chain(), operator.account.address, 100_000n * USDC);
    const seed = {
      positionManager: deployment.positionManager,
      factory: deployment.uniswapV3Factory,
      fee: 3000,
    } as const;
    await createPoolWithLiquidity(publicClient, operator, {
      ...seed,
      tokenA: { token: deployment.usdc, amount: 100_000n * USDC },
      tokenB: { token: evil, amount: parseUnits('100000', 18) },
    });
    await createPoolWithLiquidity(publicClient, operator, {
      ...seed,
      tokenA: { token: evil, amount: parseUnits('100000', 18) },
      tokenB: { token: deployment.a0x, amount: parseUnits('100000000', 18) },
    });
    await changeSetting(chain(), {
      setting: 'SwapPath',
      value: encodeV3Path([deployment.usdc, evil, deployment.a0x], [3000, 3000]),
    });
    // Record mode: Uniswap's pools swallow revert data, so the token logs what its call got back.
    await arm(evil, false);

    await approveUsdc(chain(), alice, USDC);
    const receipt = await extendLife(chain(), alice, agentIdFor('honest'), USDC);

    const attempts = parseEventLogs({ abi: reentrantTokenAbi, logs: receipt.logs, eventName: 'ReentryAttempted' });
    expect(attempts.length).toBeGreaterThan(0);
    for (const attempt of attempts) {
      expect(attempt.args.success).toBe(false);
      expect(decodeErrorResult({ abi: fartwinLifeAbi, data: attempt.args.returnData }).errorName).toBe(
        'ReentrancyGuardReentrantCall',
      );
    }
    expect(await readLife(chain(), 'agentTimeToDeath', agentIdFor('victim'))).toBe(0n);
    expect(parseEventLogs({ abi: fartwinLifeAbi, logs: receipt.logs, eventName: 'LifeExtended' })).toHaveLength(1);
    expect(await readLife(chain(), 'getRemainingDays', agentIdFor('honest'))).toBe(7n);
  });

  it('rejects a re-entrant call from a token being recovered (ReentrancyGuardReentrantCall)', async () => {
    const { operator, deployment } = chain();
    const evil = await deployEvilToken(chain());
    await send(
      chain(),
      operator.writeContract({
        address: evil,
        abi: reentrantTokenAbi,
        functionName: 'transfer',
        args: [deployment.fartwinLife, 10n],
      }),
    );
    await arm(evil, true);
    await expectRevert(
      operator.writeContract({ ...life(), functionName: 'recoverTokens', args: [evil] }),
      'ReentrancyGuardReentrantCall',
    );
    await expectRevert(
      operator.writeContract({ ...life(), functionName: 'withdraw', args: [evil, 1n] }),
      'ReentrancyGuardReentrantCall',
    );
    expect(await readLife(chain(), 'agentTimeToDeath', agentIdFor('victim'))).toBe(0n);
  });
});
