import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentTokenFactoryAbi, erc20Abi, weth9Abi } from '@fartwin/contracts';
import {
  bootstrapLocalChain,
  confirm,
  createLocalClients,
  type Deployment,
  localDevAccount,
  swapExactInputSingle,
} from '@fartwin/contracts/deployment';
import { clankerFeeLockerStubAbi, clankerFeeLockerStubBytecode } from '@fartwin/contracts/test-stubs';
import { type RunningAnvil, startAnvil } from '@fartwin/localstack';
import { CLANKERS } from 'clanker-sdk';
import { type Address, parseEther, parseEventLogs } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainClient } from '../platform/chain/client.ts';
import { BASE_WETH, clankerFeeLocker } from './clanker-fee-locker.ts';
import type { FeeClaimCall, FeeLocker, TokenFees } from './fee-locker.ts';
import { localFeeLocker } from './local-fee-locker.ts';

let anvil: RunningAnvil;
let deployment: Deployment;
let clients: ReturnType<typeof createLocalClients>;
const scratch = mkdtempSync(join(tmpdir(), 'fartwin-fee-locker-'));

beforeAll(async () => {
  anvil = await startAnvil();
  deployment = await bootstrapLocalChain({ rpcUrl: anvil.rpcUrl, deploymentFile: join(scratch, 'deployment.json') });
  clients = createLocalClients(anvil.rpcUrl);
});
afterAll(async () => {
  await anvil?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const trader = () => clients.walletFor(localDevAccount(1));
const balanceOf = (token: Address, owner: Address) =>
  clients.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
/** Waits for a transaction and throws on a revert: a silently reverted step would only surface later. */
const mined = async (hash: Promise<`0x${string}`>) => confirm(clients.publicClient, await hash);

/** A new twin wallet, with ETH for gas. */
async function twinWallet() {
  const account = privateKeyToAccount(generatePrivateKey());
  await clients.testClient.setBalance({ address: account.address, value: parseEther('1') });
  return { account, wallet: clients.walletFor(account) };
}

/** Sends a claim's calls from the twin's wallet, as the keeper does. */
async function sendClaim(wallet: ReturnType<typeof clients.walletFor>, calls: FeeClaimCall[]) {
  for (const call of calls) await mined(wallet.sendTransaction({ to: call.to, data: call.data }));
}

/** Launches tokens until one sorts before WETH and one after (the pool's token0 differs). */
async function launchBothOrders(twin: Address): Promise<Address[]> {
  const byOrder = new Map<boolean, Address>();
  for (let index = 0; byOrder.size < 2 && index < 20; index++) {
    const launched = await mined(
      trader().writeContract({
        address: deployment.agentTokenFactory,
        abi: agentTokenFactoryAbi,
        functionName: 'createToken',
        args: ['Fee Twin', `FEE${index}`, twin],
      }),
    );
    const [event] = parseEventLogs({ abi: agentTokenFactoryAbi, logs: launched.logs, eventName: 'AgentTokenLaunched' });
    byOrder.set(BigInt(event!.args.token) < BigInt(deployment.weth9), event!.args.token);
  }
  expect(byOrder.size).toBe(2);
  return [...byOrder.values()];
}

describe('localFeeLocker (AgentLpLocker on anvil)', () => {
  it('reports exactly what a claim pays the twin, in WETH and in its token, then nothing, whichever token sorts first', async () => {
    const twin = await twinWallet();
    const locker: FeeLocker = localFeeLocker({
      publicClient: createChainClient(anvil.rpcUrl),
      contracts: () => ({
        usdc: deployment.usdc,
        fartwinLife: deployment.fartwinLife,
        quoter: deployment.quoter,
        local: { ...deployment, deployedAtBlock: deployment.deployedAtBlock },
      }),
    });
    for (const token of await launchBothOrders(twin.account.address)) {
      const request = { token, twinWallet: twin.account.address };
      const wethBefore = await balanceOf(deployment.weth9, twin.account.address);
      expect(await locker.available(request)).toEqual({ weth: 0n, token: 0n });
      expect(await locker.claimCalls(request)).toEqual([]);

      // A buy (fee in WETH) and a sell of part of it (fee in the token).
      await mined(
        trader().writeContract({
          address: deployment.weth9,
          abi: weth9Abi,
          functionName: 'deposit',
          value: parseEther('0.5'),
        }),
      );
      const swap = (tokenIn: Address, tokenOut: Address, amountIn: bigint) =>
        swapExactInputSingle(clients.publicClient, trader(), {
          router: deployment.swapRouter,
          tokenIn,
          tokenOut,
          fee: 10_000,
          amountIn,
        });
      await swap(deployment.weth9, token, parseEther('0.5'));
      await swap(token, deployment.weth9, (await balanceOf(token, trader().account.address)) / 3n);

      const available: TokenFees = await locker.available(request);
      // 1 % of 0.5 WETH; the token's fee is 1 % of a third of what was bought, far more units than that.
      expect(available.weth).toBeGreaterThan(parseEther('0.0049'));
      expect(available.weth).toBeLessThanOrEqual(parseEther('0.005'));
      expect(available.token).toBeGreaterThan(parseEther('1'));
      await sendClaim(twin.wallet, await locker.claimCalls(request));
      expect((await balanceOf(deployment.weth9, twin.account.address)) - wethBefore).toBe(available.weth);
      expect(await balanceOf(token, twin.account.address)).toBe(available.token);
      expect(await locker.available(request)).toEqual({ weth: 0n, token: 0n });
      expect(await locker.claimCalls(request)).toEqual([]);
    }
  });
});

/**
 * Clanker's fee locker exists only on Base: a stub with its views and claim (same signatures) is
 * set at its address on anvil, and WETH's code at Base's WETH address.
 */
describe('clankerFeeLocker (clanker-sdk against a stand-in of the Base fee locker)', () => {
  it('reads the twin wallet’s WETH and token fees and claims each that is not zero, to the twin', async () => {
    const feeLockerAddress = CLANKERS.clanker_v4.related.feeLocker as Address;
    const operator = clients.walletFor(localDevAccount(0));
    for (const [address, abi, bytecode] of [
      [feeLockerAddress, clankerFeeLockerStubAbi, clankerFeeLockerStubBytecode],
    ] as const) {
      const receipt = await mined(operator.deployContract({ abi, bytecode }));
      await clients.testClient.setCode({
        address,
        bytecode: (await clients.publicClient.getCode({ address: receipt.contractAddress! }))!,
      });
    }
    await clients.testClient.setCode({
      address: BASE_WETH,
      bytecode: (await clients.publicClient.getCode({ address: deployment.weth9 }))!,
    });

    const twin = await twinWallet();
    const token = deployment.a0x;
    // Fees waiting for the twin: 0.02 WETH, and none in its token.
    await mined(
      operator.writeContract({ address: BASE_WETH, abi: weth9Abi, functionName: 'deposit', value: parseEther('0.02') }),
    );
    await mined(
      operator.writeContract({
        address: BASE_WETH,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [feeLockerAddress, parseEther('0.02')],
      }),
    );
    await mined(
      operator.writeContract({
        address: feeLockerAddress,
        abi: clankerFeeLockerStubAbi,
        functionName: 'storeFees',
        args: [twin.account.address, BASE_WETH, parseEther('0.02')],
      }),
    );

    const locker = clankerFeeLocker({ publicClient: createChainClient(anvil.rpcUrl) });
    const request = { token, twinWallet: twin.account.address };
    expect(await locker.available(request)).toEqual({ weth: parseEther('0.02'), token: 0n });
    const calls = await locker.claimCalls(request);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.to).toBe(feeLockerAddress);
    await sendClaim(twin.wallet, calls);
    expect(await balanceOf(BASE_WETH, twin.account.address)).toBe(parseEther('0.02'));
    expect(await locker.available(request)).toEqual({ weth: 0n, token: 0n });
    expect(await locker.claimCalls(request)).toEqual([]);
  });
});
