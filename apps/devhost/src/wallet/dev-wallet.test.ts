import { localUserAccount, type RunningAnvil, startAnvil } from '@fartwin/localstack';
import { createPublicClient, http, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevWallet, type WalletPrompt } from './dev-wallet.ts';
import type { WalletFailureMode } from './failure-modes.ts';

describe('the dev host wallet on a real anvil', () => {
  let anvil: RunningAnvil;
  const account = localUserAccount(1001);
  const recipient = localUserAccount(1002).address;

  beforeAll(async () => {
    anvil = await startAnvil();
    const chain = createPublicClient({ transport: http(anvil.rpcUrl) });
    await chain.request({
      method: 'anvil_setBalance' as never,
      params: [account.address, '0x56BC75E2D63100000'] as never,
    });
  });
  afterAll(() => anvil.stop());

  function wallet(options: { chainId?: number; answer?: boolean; failureMode?: WalletFailureMode } = {}) {
    const prompts: WalletPrompt[] = [];
    const provider = createDevWallet({
      account,
      rpcUrl: anvil.rpcUrl,
      initialChainId: options.chainId ?? 8453,
      confirm: async (prompt) => {
        prompts.push(prompt);
        return options.answer ?? true;
      },
      failureMode: () => options.failureMode ?? 'none',
    });
    return { provider, prompts };
  }

  it('answers accounts and chain id, and passes reads to the chain', async () => {
    const { provider } = wallet();
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([account.address]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105');
    expect(await provider.request({ method: 'eth_getBalance', params: [account.address, 'latest'] })).toBe(
      '0x56bc75e2d63100000',
    );
  });

  it('switches from Ethereum to Base after the person confirms, and emits chainChanged', async () => {
    const { provider, prompts } = wallet({ chainId: 1 });
    const changes: string[] = [];
    provider.on('chainChanged', (chainId) => changes.push(chainId));
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1');
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] });
    expect(prompts).toEqual([{ kind: 'switch-chain', fromChainId: 1, toChainId: 8453 }]);
    expect(changes).toEqual(['0x2105']);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105');
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x9999' }] }),
    ).rejects.toMatchObject({ code: 4902 });
  });

  it('sends a confirmed transaction on the chain', async () => {
    const { provider, prompts } = wallet();
    const hash = await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: account.address, to: recipient, value: '0xde0b6b3a7640000' }],
    });
    const chain = createPublicClient({ transport: http(anvil.rpcUrl) });
    const receipt = await chain.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(prompts[0]).toMatchObject({ kind: 'transaction', to: recipient, value: parseEther('1') });
  });

  it('answers 4001 when the person rejects, and sends nothing', async () => {
    const { provider } = wallet({ answer: false });
    const chain = createPublicClient({ transport: http(anvil.rpcUrl) });
    const nonceBefore = await chain.getTransactionCount({ address: account.address });
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [{ from: account.address, to: recipient }] }),
    ).rejects.toMatchObject({ code: 4001 });
    expect(await chain.getTransactionCount({ address: account.address })).toBe(nonceBefore);
  });

  it('refuses to send while on another chain (4901)', async () => {
    const { provider, prompts } = wallet({ chainId: 1 });
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [{ from: account.address, to: recipient }] }),
    ).rejects.toMatchObject({ code: 4901 });
    expect(prompts).toHaveLength(0);
  });

  it.each([
    4001, 4100, 4200, 4900, 4901, -32000, -32001, -32002, -32003, -32004, -32005, -32006, -32600, -32601, -32602,
    -32603, -32700,
  ])('in failure mode %i, user-facing requests fail with that code and reads still work', async (code) => {
    const { provider } = wallet({ failureMode: String(code) as WalletFailureMode });
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code });
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105');
  });

  it('signs messages with the user key after confirmation', async () => {
    const { provider } = wallet();
    const signature = await provider.request({ method: 'personal_sign', params: ['0x6869', account.address] });
    expect(signature).toBe(await account.signMessage({ message: { raw: '0x6869' } }));
  });
});
