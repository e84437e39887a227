/** @vitest-environment happy-dom */
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentTokenFactoryAbi, erc20Abi } from '@fartwin/contracts';
import { bootstrapLocalChain, type Deployment } from '@fartwin/contracts/deployment';
import { devAccount, localUserAccount, type RunningAnvil, startAnvil } from '@fartwin/localstack';
import { screen } from '@testing-library/react';
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  parseEventLogs,
  toFunctionSelector,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderWithQueries } from '../test/render.tsx';
import { createDevWallet, type WalletPrompt } from '../wallet/dev-wallet.ts';
import { WalletSheet } from '../wallet/WalletSheet.tsx';
import { SwapSheet, TokenSheet } from './TokenSheet.tsx';

/** A JSON-RPC request as viem sends it; eth_call's first parameter is the call. */
interface RpcRequest {
  method: string;
  params?: [{ to: string; data?: string; input?: string }, ...unknown[]];
}

/** A JSON-RPC relay in front of anvil that keeps every eth_call it passes on: what the sheets read. */
async function recordingRelay(target: string) {
  const ethCalls: { to: string; data: Hex }[] = [];
  const server: Server = createServer(async (request, response) => {
    // The sheets run on the dev host's page: the relay answers its preflight as anvil does.
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', '*');
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    const parsed = JSON.parse(body) as RpcRequest | RpcRequest[];
    for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
      const [request] = call.params ?? [];
      if (call.method === 'eth_call' && request) {
        ethCalls.push({ to: request.to.toLowerCase(), data: (request.data ?? request.input ?? '0x') as Hex });
      }
    }
    const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    ethCalls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const metadataSelectors = ['name()', 'symbol()', 'decimals()'].map((signature) => toFunctionSelector(signature));

describe("the dev host's sheets read tokens from a real anvil", () => {
  let anvil: RunningAnvil;
  let deployment: Deployment;
  let relay: Awaited<ReturnType<typeof recordingRelay>>;
  const person = localUserAccount(1001);

  beforeAll(async () => {
    anvil = await startAnvil();
    deployment = await bootstrapLocalChain({
      rpcUrl: anvil.rpcUrl,
      deploymentFile: join(mkdtempSync(join(tmpdir(), 'devhost-token-reads-')), 'deployment.json'),
    });
    relay = await recordingRelay(anvil.rpcUrl);
  });
  afterAll(async () => {
    await relay?.close();
    await anvil?.stop();
  });

  it('the wallet names the token an approval is for, in its own units: USDC, and a token that is not USDC', async () => {
    const spender = deployment.swapRouter;
    const approve = (amount: bigint) =>
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] });
    const prompt: WalletPrompt = {
      kind: 'calls',
      from: person.address,
      atomic: true,
      calls: [
        { to: deployment.usdc, value: 0n, data: approve(1_000_000n) },
        { to: deployment.a0x, value: 0n, data: approve(5n * 10n ** 18n) },
      ],
    };
    renderWithQueries(<WalletSheet prompt={prompt} rpcUrl={anvil.rpcUrl} answer={() => {}} />);
    expect(await screen.findByText(`1. Approve 1 USDC for ${spender}`)).toBeTruthy();
    expect(await screen.findByText(`2. Approve 5 A0X for ${spender}`)).toBeTruthy();
  });

  it("the token sheet shows who launched a twin's token, as the token records it on the chain", async () => {
    const launcher = createWalletClient({ account: devAccount(0), transport: http(anvil.rpcUrl) });
    const chain = createPublicClient({ transport: http(anvil.rpcUrl) });
    const hash = await launcher.writeContract({
      chain: null,
      address: deployment.agentTokenFactory,
      abi: agentTokenFactoryAbi,
      functionName: 'createTokenWithInfo',
      args: [
        'alice (twin) Twin',
        'ALICE',
        person.address,
        'https://example.com/alice.png',
        JSON.stringify({
          description: "@alice's AI twin on Fartwin",
          socialMediaUrls: [{ platform: 'farcaster', url: 'https://farcaster.xyz/alice-twin' }],
        }),
        JSON.stringify({ interface: 'Fartwin', platform: 'farcaster', id: '1001' }),
      ],
    });
    const receipt = await chain.waitForTransactionReceipt({ hash });
    const [created] = parseEventLogs({ abi: agentTokenFactoryAbi, logs: receipt.logs, eventName: 'AgentTokenCreated' });

    renderWithQueries(
      <TokenSheet token={`eip155:8453/erc20:${created!.args.token}`} rpcUrl={anvil.rpcUrl} onClose={() => {}} />,
    );
    expect((await screen.findByTestId('token-description')).textContent).toBe("@alice's AI twin on Fartwin");
    expect(screen.getByRole('link', { name: 'https://farcaster.xyz/alice-twin' }).getAttribute('href')).toBe(
      'https://farcaster.xyz/alice-twin',
    );
    expect(screen.getByRole('img', { name: "The token's avatar" }).getAttribute('src')).toBe(
      'https://example.com/alice.png',
    );
    expect(screen.getByTestId('token-context').textContent).toBe(
      'Launched through Fartwin from farcaster, by user 1001',
    );
    expect(await screen.findByText('ALICE (alice (twin) Twin)')).toBeTruthy();
  });

  it('the swap sheet reads each token once, for its Sell and Buy lines and its form alike', async () => {
    const { usdc, a0x, weth9, quoter, swapRouter } = deployment;
    const wallet = createDevWallet({
      account: person,
      rpcUrl: anvil.rpcUrl,
      initialChainId: 8453,
      confirm: async () => false,
      failureMode: () => 'none',
    });
    renderWithQueries(
      <SwapSheet
        options={{ sellToken: `eip155:8453/erc20:${usdc}`, buyToken: `eip155:8453/erc20:${a0x}` }}
        rpcUrl={relay.url}
        contracts={{ usdc, weth9, quoter, swapRouter }}
        wallet={wallet}
        account={person.address}
        onDone={() => {}}
      />,
    );
    // Both lines and the form show what was read.
    await screen.findByText('USDC (USD Coin)');
    await screen.findByText('A0X (A0X)');
    await screen.findByText('Amount of USDC to sell');
    for (const token of [usdc, a0x]) {
      const reads = relay.ethCalls.filter(
        (call) =>
          call.to === token.toLowerCase() && metadataSelectors.some((selector) => call.data.startsWith(selector)),
      );
      expect(reads.map((call) => call.data.slice(0, 10)).sort()).toEqual([...metadataSelectors].sort());
    }
  });
});
