import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fartwinLifeAbi, payForBattery, swapRouter02Abi, usdcAbi } from '@fartwin/contracts';
import {
  bootstrapLocalChain,
  confirm,
  createLocalClients,
  localDevAccount,
  withGasHeadroom,
} from '@fartwin/contracts/deployment';
import { startAnvil } from '@fartwin/localstack';
import { BATTERY_PRICE_USDC } from '@fartwin/protocol';
import { maxUint256 } from 'viem';
import { type Benchmark, progress } from './support/context.ts';
import { median, sampleInTurns } from './support/stats.ts';

const WARM_UP = 1;
const ITERATIONS = 5;

/**
 * Gas of extendLife against what it replaces: a bare USDC transferFrom (the payer's 1 USDC pulled
 * by a spender, as FartwinLife pulls it) plus the same swap through Uniswap's SwapRouter02 along
 * FartwinLife's own path to the burn address, as two transactions. The same comparison as
 * packages/contracts/test/gas.test.ts, which asserts a bound; this one reports medians. On a fresh
 * anvil with the local stack of bootstrapLocalChain (a real Uniswap V3 pool).
 */
export const extendLifeGas: Benchmark = {
  name: 'gas',
  async run(_context, report) {
    progress('starting a fresh anvil and deploying the contracts');
    const anvil = await startAnvil();
    const scratch = mkdtempSync(join(tmpdir(), 'fartwin-bench-gas-'));
    try {
      const [payer, spender] = [localDevAccount(1), localDevAccount(2)];
      const deployment = await bootstrapLocalChain({
        rpcUrl: anvil.rpcUrl,
        deploymentFile: join(scratch, 'deployment.json'),
        fund: [payer.address, spender.address],
      });
      const { publicClient, walletFor } = createLocalClients(anvil.rpcUrl);
      const [payerWallet, spenderWallet] = [walletFor(payer), walletFor(spender)];
      const usdc = { address: deployment.usdc, abi: usdcAbi } as const;
      const send = async (hash: Promise<`0x${string}`>) => (await confirm(publicClient, await hash)).gasUsed;

      await send(payerWallet.writeContract({ ...usdc, functionName: 'approve', args: [spender.address, maxUint256] }));
      await send(
        spenderWallet.writeContract({ ...usdc, functionName: 'approve', args: [deployment.swapRouter, maxUint256] }),
      );
      const path = await publicClient.readContract({
        address: deployment.fartwinLife,
        abi: fartwinLifeAbi,
        functionName: 'swapPath',
      });
      const swapCall = {
        account: spender,
        address: deployment.swapRouter,
        abi: swapRouter02Abi,
        functionName: 'exactInput',
        args: [{ path, recipient: deployment.burnAddress, amountIn: BATTERY_PRICE_USDC, amountOutMinimum: 0n }],
      } as const;

      const extendLife = async (agentId: string) =>
        (await payForBattery(publicClient, payerWallet, deployment, agentId, BATTERY_PRICE_USDC)).receipt.gasUsed;
      let newAgents = 0;
      progress(`${WARM_UP + ITERATIONS} rounds of extendLife and of transferFrom + swap`);
      const samples = await sampleInTurns(
        { warmUp: WARM_UP, iterations: ITERATIONS },
        {
          // The warm-up round's call gives 'gas-agent' its first battery; recorded rounds are later ones.
          later: async () => Number(await extendLife('gas-agent')),
          first: async () => Number(await extendLife(`new-agent-${newAgents++}`)),
          baseline: async () => {
            const transferFrom = await send(
              spenderWallet.writeContract({
                ...usdc,
                functionName: 'transferFrom',
                args: [payer.address, spender.address, BATTERY_PRICE_USDC],
              }),
            );
            const gas = withGasHeadroom(await publicClient.estimateContractGas(swapCall));
            const swap = await send(spenderWallet.writeContract({ ...swapCall, gas }));
            return Number(transferFrom + swap);
          },
        },
      );
      const baseline = median(samples.baseline);
      const common = {
        benchmark: 'gas',
        unit: 'gas',
        better: 'lower',
        baseline,
        baselineLabel: 'transferFrom + swap',
        detail: `median of ${ITERATIONS} transactions after ${WARM_UP} warm-up; baseline is two transactions`,
      } as const;
      report({ ...common, metric: 'extendLife, later battery', subject: median(samples.later) });
      report({ ...common, metric: "extendLife, an agent's first battery", subject: median(samples.first) });
    } finally {
      await anvil.stop();
      rmSync(scratch, { recursive: true, force: true });
    }
  },
};
