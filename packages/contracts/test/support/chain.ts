import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningAnvil, startAnvil } from '@fartwin/localstack';
import {
  type Abi,
  type Account,
  type Address,
  BaseError,
  type Chain,
  ContractFunctionRevertedError,
  decodeErrorResult,
  type Hex,
  type Transport,
  type WalletClient,
} from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import {
  bootstrapLocalChain,
  createLocalClients,
  type Deployment,
  type LocalClients,
  localDevAccount,
  revertSnapshot,
} from '../../src/deployment.ts';

type Wallet = WalletClient<Transport, Chain, Account>;

export interface TestChain extends LocalClients {
  anvil: RunningAnvil;
  deployment: Deployment;
  deploymentFile: string;
  /** Dev account 0: deployer and owner of everything. */
  operator: Wallet;
  alice: Wallet;
  bob: Wallet;
  mallory: Wallet;
}

/**
 * Starts a real anvil for one test file, deploys the stack, and snapshots the chain around every
 * test so each starts from the freshly bootstrapped state. Read the returned getter inside tests.
 */
export function useTestChain(): () => TestChain {
  let chain: TestChain | undefined;
  let snapshotId: Hex | undefined;
  let scratchDir: string | undefined;

  beforeAll(async () => {
    const anvil = await startAnvil();
    scratchDir = mkdtempSync(join(tmpdir(), 'fartwin-contracts-'));
    const deploymentFile = join(scratchDir, 'deployment.json');
    const [alice, bob, mallory] = [1, 2, 3].map(localDevAccount);
    const deployment = await bootstrapLocalChain({
      rpcUrl: anvil.rpcUrl,
      deploymentFile,
      fund: [alice, bob, mallory].map((account) => (account as Account).address),
    });
    const clients = createLocalClients(anvil.rpcUrl);
    chain = {
      ...clients,
      anvil,
      deployment,
      deploymentFile,
      operator: clients.walletFor(localDevAccount(0)),
      alice: clients.walletFor(localDevAccount(1)),
      bob: clients.walletFor(localDevAccount(2)),
      mallory: clients.walletFor(localDevAccount(3)),
    };
  });

  afterAll(async () => {
    await chain?.anvil.stop();
    if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    snapshotId = await current().testClient.snapshot();
  });

  afterEach(async () => {
    if (snapshotId) await revertSnapshot(current().testClient, snapshotId);
  });

  function current(): TestChain {
    if (!chain) throw new Error('The test chain is not running (used outside a test?)');
    return chain;
  }
  return current;
}

/** The decoded custom error a failed call or deployment reverted with. */
export function revertedWith(error: unknown, abi: Abi): { errorName: string; args: readonly unknown[] } {
  if (!(error instanceof BaseError)) throw error;
  const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
  if (reverted instanceof ContractFunctionRevertedError && reverted.data) {
    return { errorName: reverted.data.errorName, args: reverted.data.args ?? [] };
  }
  // Deployments are not decoded by viem: find the raw revert data in the cause chain.
  const withData = error.walk((cause) => typeof (cause as { data?: unknown }).data === 'string');
  const data = (withData as { data?: Hex } | null)?.data;
  if (!data) throw error;
  const decoded = decodeErrorResult({ abi, data });
  return { errorName: decoded.errorName, args: decoded.args ?? [] };
}

/** Asserts that `action` reverts with the custom error `errorName` and returns its arguments. */
export async function expectRevert(
  action: Promise<unknown>,
  errorName: string,
  abi: Abi = [],
): Promise<readonly unknown[]> {
  let thrown: unknown;
  try {
    await action;
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `expected a revert with ${errorName}`).toBeDefined();
  const { errorName: actual, args } = revertedWith(thrown, abi);
  expect(actual).toBe(errorName);
  return args;
}

export type { Address };
