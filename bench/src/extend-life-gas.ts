import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bootstrapLocalChain,
  createLocalClients,
  extendLifeGasComparison,
  localDevAccount,
} from '@fartwin/contracts/deployment';
import { startAnvil } from '@fartwin/localstack';
import { BATTERY_PRICE_USDC } from '@fartwin/protocol';
import type { Benchmark } from './support/context.ts';
import { progress } from './support/progress.ts';
import { median, sampleInTurns } from './support/stats.ts';

const WARM_UP = 1;
const ITERATIONS = 5;

/**
 * Gas of extendLife against what it replaces: a bare USDC transferFrom (the payer's 1 USDC pulled
 * by a spender, as FartwinLife pulls it) plus the same swap through Uniswap's SwapRouter02 along
 * FartwinLife's own path to the burn address, as two transactions: extendLifeGasComparison, which
 * packages/contracts/test/gas.test.ts also uses to assert a bound; this one reports medians. On a
 * fresh anvil with the local stack of bootstrapLocalChain (a real Uniswap V3 pool). Beside them, the
 * relayed revival (a payer's signed EIP-3009 battery sent by the relayer), which the operator pays.
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
      const gas = await extendLifeGasComparison(
        publicClient,
        { payer: walletFor(payer), spender: walletFor(spender) },
        deployment,
        BATTERY_PRICE_USDC,
      );
      // Agent ids in the server's format (the contract takes no other).
      const laterAgent = randomUUID();
      progress(`${WARM_UP + ITERATIONS} rounds of extendLife and of transferFrom + swap`);
      const samples = await sampleInTurns(
        { warmUp: WARM_UP, iterations: ITERATIONS },
        {
          // The warm-up round's call gives laterAgent its first battery; recorded rounds are later ones.
          later: async () => Number(await gas.extendLife(laterAgent)),
          first: async () => Number(await gas.extendLife(randomUUID())),
          baseline: async () => Number((await gas.baseline()).total),
          // Revival with only USDC: the payer signs, the relayer sends (later batteries of laterAgent).
          relayed: async () => Number(await gas.relayedBattery(laterAgent)),
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
      report({
        ...common,
        metric: 'extendLifeWithAuthorization (relayed signed USDC), later battery',
        subject: median(samples.relayed),
      });
    } finally {
      await anvil.stop();
      rmSync(scratch, { recursive: true, force: true });
    }
  },
};
