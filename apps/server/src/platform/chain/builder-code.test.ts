import { devAccount, type RunningAnvil, startAnvil } from '@fartwin/localstack';
import { Attribution } from 'ox/erc8021';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderCodeSuffix, loadConfig } from '../config/config.ts';

import { createChainClient } from './client.ts';
import { operatorWallet } from './operator.ts';

const CODE = 'bc_fartwin1';
const RECIPIENT = '0x000000000000000000000000000000000000bEEF';
/** Any calldata: the recipient has no code, so the call succeeds whatever it says. */
const CALL_DATA: Hex = '0xa9059cbb1234';

describe('builder code on the service’s transactions (ERC-8021)', () => {
  let anvil: RunningAnvil;
  const suffix = builderCodeSuffix(CODE)!;
  /** Local mode's operator key: a funded account of the local chain. */
  const operatorKey = (): Hex => loadConfig({}).operatorPrivateKey;
  /** What the chain recorded of a sent transaction: its calldata and the attribution decoded from it. */
  const landed = async (hash: Hex) => {
    const chain = createChainClient(anvil.rpcUrl);
    await chain.waitForTransactionReceipt({ hash });
    const { input } = await chain.getTransaction({ hash });
    return { input, attribution: Attribution.fromData(input) };
  };

  beforeAll(async () => {
    anvil = await startAnvil();
  });
  afterAll(() => anvil?.stop());

  it('turns the configured code into the suffix, and none without a code', () => {
    expect(Attribution.fromData(`0x${suffix.slice(2)}`)).toEqual({ codes: [CODE], id: 0 });
    expect(builderCodeSuffix(undefined)).toBeNull();
    expect(loadConfig({ BUILDER_CODE: CODE }).chain.builderCodeSuffix).toBe(suffix);
    expect(() => loadConfig({ BUILDER_CODE: 'a,b' })).toThrow(/BUILDER_CODE/);
  });

  it('marks what the operator sends, once, and after the call data', async () => {
    const wallet = operatorWallet(anvil.rpcUrl, operatorKey(), suffix);
    const { input, attribution } = await landed(await wallet.sendTransaction({ to: RECIPIENT, data: CALL_DATA }));
    expect(input).toBe(`${CALL_DATA}${suffix.slice(2)}`);
    expect(attribution).toEqual({ codes: [CODE], id: 0 });
  });

  it('marks what is prepared through the operator or the chain client and then signed', async () => {
    const wallet = operatorWallet(anvil.rpcUrl, operatorKey(), suffix);
    const viaOperator = await wallet.prepareTransactionRequest({ to: RECIPIENT, data: CALL_DATA });
    const first = await wallet.sendRawTransaction({ serializedTransaction: await wallet.signTransaction(viaOperator) });
    expect((await landed(first)).attribution).toEqual({ codes: [CODE], id: 0 });

    // A twin's account signing what the chain client prepared (its transfers, its fee spends).
    const twin = devAccount(7);
    const chain = createChainClient(anvil.rpcUrl, suffix);
    const prepared = await chain.prepareTransactionRequest({
      account: twin,
      chain: chain.chain,
      to: RECIPIENT,
      data: CALL_DATA,
    });
    const signed = await twin.signTransaction(prepared as Parameters<typeof twin.signTransaction>[0]);
    const second = await chain.sendRawTransaction({ serializedTransaction: signed });
    const { input, attribution } = await landed(second);
    expect(input).toBe(`${CALL_DATA}${suffix.slice(2)}`);
    expect(attribution).toEqual({ codes: [CODE], id: 0 });
  });

  it('leaves a plain ETH transfer without data, and adds nothing without a code', async () => {
    const wallet = operatorWallet(anvil.rpcUrl, operatorKey(), suffix);
    expect((await landed(await wallet.sendTransaction({ to: RECIPIENT, value: 1n }))).input).toBe('0x');
    const unmarked = operatorWallet(anvil.rpcUrl, operatorKey(), null);
    const { input, attribution } = await landed(await unmarked.sendTransaction({ to: RECIPIENT, data: CALL_DATA }));
    expect(input).toBe(CALL_DATA);
    expect(attribution).toBeUndefined();
  });
});
