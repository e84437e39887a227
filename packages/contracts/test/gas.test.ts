import { maxUint256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { fartwinLifeAbi, localUsdcAbi } from '../generated/abis.ts';
import { swapRouter02Abi } from '../generated/uniswap-abis.ts';
import { withGasHeadroom } from '../src/deployment.ts';
import { useTestChain } from './support/chain.ts';
import { buyBattery, send, USDC } from './support/life.ts';

const chain = useTestChain();

describe('gas', () => {
  it('extendLife costs little more than a bare USDC transferFrom plus the same swap through the router', async () => {
    const { alice, bob, deployment, publicClient } = chain();
    const usdc = { address: deployment.usdc, abi: localUsdcAbi } as const;
    // Warm-up so both sides meet a pool and burn balance that already exist.
    await buyBattery(chain(), alice, 'warm-up', USDC);

    const firstBattery = await buyBattery(chain(), alice, 'gas-agent', USDC);
    const nextBattery = await buyBattery(chain(), alice, 'gas-agent', USDC);

    // Baseline: bob pulls 1 USDC from alice (as FartwinLife does), then swaps it himself.
    await send(
      chain(),
      alice.writeContract({ ...usdc, functionName: 'approve', args: [bob.account.address, maxUint256] }),
    );
    await send(
      chain(),
      bob.writeContract({ ...usdc, functionName: 'approve', args: [deployment.swapRouter, maxUint256] }),
    );
    const transferFrom = await send(
      chain(),
      bob.writeContract({
        ...usdc,
        functionName: 'transferFrom',
        args: [alice.account.address, bob.account.address, USDC],
      }),
    );
    const path = await publicClient.readContract({
      address: deployment.fartwinLife,
      abi: fartwinLifeAbi,
      functionName: 'swapPath',
    });
    const swapCall = {
      account: bob.account,
      address: deployment.swapRouter,
      abi: swapRouter02Abi,
      functionName: 'exactInput',
      args: [{ path, recipient: deployment.burnAddress, amountIn: USDC, amountOutMinimum: 0n }],
    } as const;
    const swapGas = withGasHeadroom(await publicClient.estimateContractGas(swapCall));
    const swap = await send(chain(), bob.writeContract({ ...swapCall, gas: swapGas }));

    const baseline = transferFrom.gasUsed + swap.gasUsed;
    const ratio = (gas: bigint) => (Number(gas) / Number(baseline)).toFixed(3);
    console.log(
      [
        'gas: extendLife vs a bare USDC transferFrom + the same router swap (two transactions)',
        `  extendLife, first battery of an agent: ${firstBattery.receipt.gasUsed} (ratio ${ratio(firstBattery.receipt.gasUsed)})`,
        `  extendLife, later battery:             ${nextBattery.receipt.gasUsed} (ratio ${ratio(nextBattery.receipt.gasUsed)})`,
        `  baseline: transferFrom ${transferFrom.gasUsed} + exactInput ${swap.gasUsed} = ${baseline}`,
      ].join('\n'),
    );
    // One transaction instead of two saves an intrinsic 21 000; the extra work (storage, checks,
    // the event) must stay modest.
    expect(Number(nextBattery.receipt.gasUsed)).toBeLessThan(Number(baseline) * 1.25);
  });
});
