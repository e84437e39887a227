import { localUserAccount, type RunningAnvil, startAnvil } from '@fartwin/localstack';
import {
  createPublicClient,
  createWalletClient,
  custom,
  type Hex,
  http,
  parseEther,
  UnsupportedProviderMethodError,
} from 'viem';
import { getCallsStatus, getCapabilities, sendCalls, waitForCallsStatus } from 'viem/actions';
import { base } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BundleMode } from './bundle-modes.ts';
import { createDevWallet, type WalletPrompt } from './dev-wallet.ts';
import type { WalletFailureMode } from './failure-modes.ts';
import type { TypedDataMode } from './typed-data-modes.ts';

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

  function wallet(
    options: {
      chainId?: number;
      answer?: boolean;
      failureMode?: WalletFailureMode;
      bundleMode?: BundleMode;
      typedDataMode?: () => TypedDataMode;
    } = {},
  ) {
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
      ...(options.bundleMode ? { bundleMode: () => options.bundleMode! } : {}),
      ...(options.typedDataMode ? { typedDataMode: options.typedDataMode } : {}),
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

  it('signs typed data after confirmation; switched to "cannot sign typed data", answers 4200 without a prompt', async () => {
    let mode: TypedDataMode = 'supported';
    const { provider, prompts } = wallet({ typedDataMode: () => mode });
    const client = createWalletClient({ account: account.address, chain: base, transport: custom(provider) });
    const typedData = {
      domain: { name: 'Test', version: '1', chainId: base.id },
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note',
      message: { text: 'revive' },
    } as const;
    expect(await client.signTypedData(typedData)).toBe(await account.signTypedData(typedData));
    expect(prompts.map((prompt) => prompt.kind)).toEqual(['signature']);

    // The panel's switch, read on each request: a wallet without EIP-712, as a dapp (viem) reads it.
    mode = 'unsupported';
    const refusal = await client.signTypedData(typedData).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UnsupportedProviderMethodError);
    expect(refusal).toMatchObject({ code: 4200 });
    expect(prompts).toHaveLength(1);
    // Only typed data: other signatures still work.
    expect(await provider.request({ method: 'personal_sign', params: ['0x6869', account.address] })).toBe(
      await account.signMessage({ message: { raw: '0x6869' } }),
    );
  });

  describe('EIP-5792 (wallet_getCapabilities, wallet_sendCalls, wallet_getCallsStatus)', () => {
    const chain = () => createPublicClient({ chain: base, transport: http(anvil.rpcUrl) });
    const other = localUserAccount(1003).address;
    /** A contract whose every call reverts (runtime code PUSH1 0 PUSH1 0 REVERT). */
    let reverter: Hex;

    beforeAll(async () => {
      const deployer = createWalletClient({ account, chain: base, transport: http(anvil.rpcUrl) });
      const hash = await deployer.sendTransaction({ data: '0x6005600c60003960056000f360006000fd' });
      reverter = (await chain().waitForTransactionReceipt({ hash })).contractAddress!;
    });

    /** viem's actions on the wallet, so the answers are read as a dapp reads them. */
    function bundleWallet(bundleMode: BundleMode, answer = true) {
      const { provider, prompts } = wallet({ bundleMode, answer });
      const client = createWalletClient({ account: account.address, chain: base, transport: custom(provider) });
      return { client, prompts };
    }
    const transfers = [
      { to: recipient, value: 1n },
      { to: other, value: 2n },
    ];
    const balances = () => Promise.all([recipient, other].map((address) => chain().getBalance({ address })));
    const nonce = () => chain().getTransactionCount({ address: account.address });

    it('unsupported (the default): wallet_getCapabilities and wallet_sendCalls answer 4200', async () => {
      const { provider } = wallet();
      await expect(
        provider.request({ method: 'wallet_getCapabilities', params: [account.address] }),
      ).rejects.toMatchObject({ code: 4200 });
      await expect(
        provider.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', calls: [] }] as never }),
      ).rejects.toMatchObject({ code: 4200 });
    });

    it('atomic: reports it for Base, one prompt for the bundle, every call lands', async () => {
      const { client, prompts } = bundleWallet('atomic');
      expect(await getCapabilities(client, { chainId: base.id })).toEqual({
        atomic: { status: 'supported' },
        dataSuffix: { supported: true },
      });
      const before = await balances();
      const { id } = await sendCalls(client, { calls: transfers });
      const status = await waitForCallsStatus(client, { id, pollingInterval: 50 });
      expect(status).toMatchObject({ status: 'success', statusCode: 200, atomic: true });
      expect(status.receipts?.map((receipt) => receipt.status)).toEqual(['success', 'success']);
      expect(await balances()).toEqual([before[0]! + 1n, before[1]! + 2n]);
      expect(prompts).toEqual([
        {
          kind: 'calls',
          from: account.address,
          atomic: true,
          calls: transfers.map((call) => ({ ...call, data: undefined })),
        },
      ]);
    });

    it('the dataSuffix capability (ERC-8021) ends each sent call’s data; a suffix that is no hex is refused', async () => {
      const { client } = bundleWallet('atomic');
      const suffix: Hex = '0x62635f310400802180218021802180218021802180218021';
      const { id } = await sendCalls(client, {
        calls: [
          { to: recipient, data: '0x1234' },
          { to: other, value: 1n },
        ],
        capabilities: { dataSuffix: { value: suffix, optional: true } },
      });
      const status = await waitForCallsStatus(client, { id, pollingInterval: 50 });
      const sent = await Promise.all(
        status.receipts!.map(({ transactionHash }) => chain().getTransaction({ hash: transactionHash })),
      );
      expect(sent.map(({ input }) => input)).toEqual([`0x1234${suffix.slice(2)}`, suffix]);
      await expect(
        sendCalls(client, { calls: transfers, capabilities: { dataSuffix: { value: 'bc_1' } } }),
      ).rejects.toThrow(/dataSuffix/);
    });

    it('atomic: a call that would fail sends none of them', async () => {
      const { client } = bundleWallet('atomic');
      const nonceBefore = await nonce();
      const { id } = await sendCalls(client, { calls: [transfers[0]!, { to: reverter, data: '0x01' }] });
      const status = await waitForCallsStatus(client, { id, pollingInterval: 50 });
      expect(status).toMatchObject({ status: 'failure', statusCode: 400, receipts: [] });
      expect(await nonce()).toBe(nonceBefore);
    });

    it('non-atomic: reports it, and the calls before a failing one land (partial failure)', async () => {
      const { client } = bundleWallet('non-atomic');
      expect(await getCapabilities(client, { chainId: base.id })).toEqual({
        atomic: { status: 'unsupported' },
        dataSuffix: { supported: true },
      });
      const nonceBefore = await nonce();
      const { id } = await sendCalls(client, { calls: [transfers[0]!, { to: reverter, data: '0x01' }] });
      const status = await waitForCallsStatus(client, { id, pollingInterval: 50 });
      expect(status).toMatchObject({ status: 'failure', statusCode: 600, atomic: false });
      expect(status.receipts).toHaveLength(1);
      expect(await nonce()).toBe(nonceBefore + 1);
    });

    it('non-atomic, second call fails: only the first call lands', async () => {
      const { client } = bundleWallet('non-atomic-first-only');
      const before = await balances();
      const { id } = await sendCalls(client, { calls: transfers });
      const status = await waitForCallsStatus(client, { id, pollingInterval: 50 });
      expect(status).toMatchObject({ status: 'failure', statusCode: 600 });
      expect(status.receipts?.map((receipt) => receipt.status)).toEqual(['success']);
      expect(await balances()).toEqual([before[0]! + 1n, before[1]!]);
    });

    /** The RPC code a request failed with (viem wraps the wallet's error). */
    const failureCode = (request: Promise<unknown>) =>
      request.then(
        () => null,
        (error: Error & { walk?: (fn: (cause: unknown) => boolean) => unknown }) =>
          (
            (error.walk?.((cause) => typeof (cause as { code?: unknown }).code === 'number') ?? error) as {
              code: number;
            }
          ).code,
      );

    it('a rejected bundle answers 4001 and sends nothing; an atomic-only request to a non-atomic wallet, 5760', async () => {
      const nonceBefore = await nonce();
      expect(await failureCode(sendCalls(bundleWallet('atomic', false).client, { calls: transfers }))).toBe(4001);
      expect(
        await failureCode(sendCalls(bundleWallet('non-atomic').client, { calls: transfers, forceAtomic: true })),
      ).toBe(5760);
      expect(await nonce()).toBe(nonceBefore);
    });

    it('an unknown bundle id answers 5730; the failure mode applies to wallet_sendCalls', async () => {
      expect(await failureCode(getCallsStatus(bundleWallet('atomic').client, { id: '0x1234' }))).toBe(5730);
      const { provider } = wallet({ bundleMode: 'atomic', failureMode: '4001' });
      const client = createWalletClient({ account: account.address, chain: base, transport: custom(provider) });
      expect(await failureCode(sendCalls(client, { calls: transfers }))).toBe(4001);
    });
  });
});
